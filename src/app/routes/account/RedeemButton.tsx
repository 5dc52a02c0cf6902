// Redeem one reward (SPEC §4, §8), after a confirmation: a redemption cannot be undone. One
// Idempotency-Key per confirmed attempt.
import { useState } from 'react';
import type { CustomerReward } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { newIdempotencyKey } from '@/features/checkin/lib/idempotency-key.ts';
import { useRedeemReward } from '@/features/rewards/api/redeem-reward.ts';

export function RedeemButton(props: { reward: CustomerReward }) {
  const [open, setOpen] = useState(false);
  const redeem = useRedeemReward();
  const confirm = () =>
    redeem.mutate(
      { customerRewardId: props.reward.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Reward Redeemed!', description: 'Your reward has been redeemed successfully.' });
        },
        onError: () => {
          setOpen(false);
          toast({ title: 'Error', description: 'Failed to redeem reward. Please try again.', variant: 'destructive' });
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="md" aria-label={`Redeem ${props.reward.reward.name}`}>
          Redeem
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Redeem ${props.reward.reward.name}?`}
        description="Do this at the counter, with staff watching: once redeemed, the reward is used up and cannot be restored."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={redeem.isPending}>
            Yes, redeem it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
