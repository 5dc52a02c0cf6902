// Redeem one reward (PRODUCT §4, §8): Redeem opens the redemption code the counter scans
// or types; the member never redeems on their own. The code's dialog (Radix) is a lazy chunk,
// fetched when a redeemable reward shows, so `/account` paints without it.
import { useEffect, useState } from 'react';
import type { CustomerReward } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { retryableLazy } from '@/components/ui/LoadFailed.tsx';

const loadDialog = () => import('./RedeemDialog.tsx');
// A dialog that cannot be fetched says so with Retry (Redeem used to do nothing at all).
const RedeemDialog = retryableLazy(() => loadDialog().then((m) => m.RedeemDialog), 'The redemption code');

export function RedeemButton(props: { reward: CustomerReward }) {
  const [open, setOpen] = useState(false);
  // Fetched ahead; a failure here is shown (with Retry) only if Redeem is pressed.
  useEffect(() => void loadDialog().catch(() => undefined), []);
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
      {open ? <RedeemDialog reward={props.reward} onOpenChange={setOpen} /> : null}
    </>
  );
}
