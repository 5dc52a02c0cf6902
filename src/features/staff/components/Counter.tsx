// The counter at one business: scan (camera, USB scanner or typed) a member card or check-in code
// to approve a visit here, or a member's redemption code to redeem their reward here; a typed name
// or phone number finds the member when their phone is flat — for a visit only: redeeming needs
// the member's code or their card or phone scanned here. What each leads to is useCounterFlow's;
// this component only shows it.
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { retryableLazy } from '@/components/ui/LoadFailed.tsx';
import { useCounterFlow } from '../hooks/use-counter-flow.ts';
import { ApprovalResult } from './ApprovalResult.tsx';
import { ChosenMember, MemberMatches } from './MemberSearch.tsx';
import { RedeemableList } from './RedeemableList.tsx';
import { RedemptionCheck } from './RedemptionCheck.tsx';
import { RedemptionDone } from './RedemptionDone.tsx';
import { ScanInput } from './ScanInput.tsx';

const CameraScanner = retryableLazy(
  () => import('./CameraScanner.tsx').then((m) => m.CameraScanner),
  'The camera scanner',
  <p role="status">Starting the camera…</p>,
);

export function Counter(props: {
  locationId: string;
  renderTier: (totalPoints: number) => ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const flow = useCounterFlow(props.locationId, input);
  const { failure, tooSoon, matches, chosen, check, result } = flow;
  // What redeeming here needs, the same for each list of rewards this screen shows.
  const redeeming = { locationId: props.locationId, redeemed: flow.redeemed, onRedeemed: flow.rewardRedeemed };

  return (
    <div className="grid gap-5">
      <Card className="grid gap-4 p-5">
        <ScanInput ref={input} onScan={flow.scan} pending={flow.pending} autoFocus />
        {flow.camera ? (
          <CameraScanner onScan={flow.scan} onClose={flow.closeCamera} />
        ) : (
          <Button size="lg" variant="secondary" className="w-full" onClick={flow.openCamera}>
            Scan with camera
          </Button>
        )}
      </Card>
      <RedemptionDone redemptions={flow.redemptions} />
      {failure ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
          <h2 className="font-display text-xl font-bold">{failure.title}</h2>
          <p className="mt-1 wrap-anywhere">{failure.message}</p>
          {failure.retry ? (
            <Button size="lg" className="mt-3 w-full" onClick={failure.retry} disabled={flow.pending}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {tooSoon ? (
        <Card role="region" aria-label={`Rewards of ${tooSoon.customer.name}`} className="grid gap-3 p-5">
          <p className="text-xl font-semibold wrap-anywhere text-bark-900">{tooSoon.customer.name}</p>
          <RedeemableList rewards={tooSoon.redeemableRewards} customerName={tooSoon.customer.name} {...redeeming} />
        </Card>
      ) : null}
      {matches ? <MemberMatches query={matches.query} found={matches.found} onChoose={flow.choose} /> : null}
      {chosen ? (
        <ChosenMember member={chosen} onApprove={flow.approveChosen} pending={flow.pending} renderTier={props.renderTier} />
      ) : null}
      {check ? (
        <RedemptionCheck check={check} pending={flow.redeemPending} onConfirm={flow.confirmCheck} onCancel={flow.cancelCheck} />
      ) : null}
      {result ? <ApprovalResult result={result} renderTier={props.renderTier} {...redeeming} /> : null}
      {flow.serving ? (
        <Button variant="ghost" size="lg" className="w-full" onClick={flow.next}>
          Next customer
        </Button>
      ) : null}
    </div>
  );
}
