// Redeem one reward (SPEC §4, §8; issue 20 §3): Redeem opens the redemption code the counter scans
// or types; the member never redeems on their own. The code's dialog (Radix) is a lazy chunk,
// fetched when a redeemable reward shows, so `/account` paints without it.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CustomerReward } from '@contract';
import { Button } from '@/components/ui/Button.tsx';

const loadDialog = () => import('./RedeemDialog.tsx');
const RedeemDialog = lazy(() => loadDialog().then((m) => ({ default: m.RedeemDialog })));

export function RedeemButton(props: { reward: CustomerReward }) {
  const [open, setOpen] = useState(false);
  useEffect(() => void loadDialog(), []);
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
          <RedeemDialog reward={props.reward} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
