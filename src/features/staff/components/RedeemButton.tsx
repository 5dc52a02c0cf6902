// Redeem one reward at the counter after a confirmation dialog; failures in the API's words.
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { useRedeemAtCounter } from '../api/redeem-at-counter.ts';
import { Attempts } from '../lib/attempts.ts';
import { scanError } from '../lib/scan-errors.ts';

export function RedeemButton(props: {
  reward: { id: string; name: string };
  customerName: string;
  locationId: string;
  onRedeemed: (customerRewardId: string, name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redeem = useRedeemAtCounter();
  // A new key per confirmation; the same one only to retry a confirmation whose answer never came
  //. A double tap is stopped by the disabled button.
  const attempts = useRef(new Attempts());
  const confirm = () => {
    const request = props.reward.id;
    redeem.mutate(
      {
        customerRewardId: props.reward.id,
        locationId: props.locationId,
        idempotencyKey: attempts.current.keyFor(request),
      },
      {
        onSuccess: (result) => {
          attempts.current.settle(request);
          setOpen(false);
          // The counter shows the redemption until the clerk moves on (RedemptionDone).
          props.onRedeemed(props.reward.id, result.customerReward.reward.name);
        },
        onError: (failure) => {
          attempts.current.settle(request, failure);
          const { title, message } = scanError(failure);
          setError(`${title}: ${message}`);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" aria-label={`Redeem ${props.reward.name}`}>
          Redeem
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Redeem ${props.reward.name}?`}
        description={`Give ${props.customerName} the ${props.reward.name} now. It can be used only once.`}
      >
        {error ? (
          <p
            role="alert"
            className="mb-4 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900"
          >
            {error}
          </p>
        ) : null}
        <div className="grid gap-3">
          <Button size="lg" className="w-full" onClick={confirm} disabled={redeem.isPending}>
            {redeem.isPending ? 'Redeeming…' : 'Confirm redemption'}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary" size="lg" className="w-full">
              Cancel
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
