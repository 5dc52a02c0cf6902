// Redeem one reward (SPEC §4, §8), after a confirmation: a redemption cannot be undone. One
// Idempotency-Key per confirmed attempt. The confirmation (Radix Dialog) is a lazy chunk, fetched
// when a redeemable reward shows, so `/account` paints without it.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CustomerReward } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { toast } from '@/components/ui/toast.ts';
import { newIdempotencyKey } from '@/features/checkin/lib/idempotency-key.ts';
import { useRedeemReward } from '@/features/rewards/api/redeem-reward.ts';

const loadDialog = () => import('./RedeemDialog.tsx');
const RedeemDialog = lazy(() => loadDialog().then((m) => ({ default: m.RedeemDialog })));

export function RedeemButton(props: { reward: CustomerReward }) {
  const [open, setOpen] = useState(false);
  const redeem = useRedeemReward();
  useEffect(() => void loadDialog(), []);
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
    <>
      <Button
        size="md"
        aria-label={`Redeem ${props.reward.reward.name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Redeem
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RedeemDialog
            name={props.reward.reward.name}
            pending={redeem.isPending}
            onConfirm={confirm}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
