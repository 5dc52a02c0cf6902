// A member's redemption code, read at the counter: who, which reward, then the
// clerk confirms (or cancels). The redemption is recorded at this business, by this clerk, now.
import type { CheckRedemptionCodeResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';

export function RedemptionCheck(props: {
  check: CheckRedemptionCodeResponse;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { check } = props;
  return (
    <Card role="region" aria-labelledby="redemption-heading" className="grid gap-4 border-honey-600 p-5">
      <div>
        <h2 id="redemption-heading" className="font-display text-2xl font-bold text-bark-900">
          Redeem {check.reward.name}?
        </h2>
        <p className="mt-1 text-xl font-semibold text-bark-900 wrap-anywhere">{check.customer.name}</p>
        <p className="mt-1 text-bark-700">
          {check.reward.description} Code {check.code}.{' '}
          {check.reward.scope === 'network'
            ? 'Valid at any participating business.'
            : `Valid at ${check.reward.businessName ?? 'this business'} only.`}
        </p>
      </div>
      <div className="grid gap-3">
        <Button size="lg" className="w-full" onClick={props.onConfirm} disabled={props.pending}>
          {props.pending ? 'Redeeming…' : 'Confirm redemption'}
        </Button>
        <Button variant="secondary" size="lg" className="w-full" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
