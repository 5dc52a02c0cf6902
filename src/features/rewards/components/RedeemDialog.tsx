// The member's redemption code (issue 20 §3), the lazy chunk of RedeemButton.tsx: a QR and six
// characters for the counter, valid 2 minutes, single use, with a live clock and a moving ring so
// a screenshot is not mistaken for it. The account is re-read every 3 s while it shows: once the
// counter has confirmed, 'Reward Redeemed!' (SPEC §8) and the dialog closes.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CustomerReward, StartRedemptionResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/Dialog.tsx';
import { QrCode } from '@/components/ui/QrCode.tsx';
import { toast } from '@/components/ui/toast.ts';
import { formatCountdown, useNow } from '@/lib/use-now.ts';
import { meQueryOptions } from '@/features/rewards/api/get-me.ts';
import { useStartRedemption } from '@/features/rewards/api/start-redemption.ts';

const POLL_MS = 3000;

export function RedeemDialog(props: { reward: CustomerReward; onOpenChange: (open: boolean) => void }) {
  const start = useStartRedemption();
  const [code, setCode] = useState<StartRedemptionResponse | null>(null);
  const now = useNow(true, 500);
  const expired = code !== null && Date.parse(code.expiresAt) <= now;
  const queryClient = useQueryClient();
  const { onOpenChange } = props;
  const rewardId = props.reward.id;
  const waiting = code !== null && !expired;
  // Polled here, not through the account's query observer: the redeemed reward leaves the list and
  // unmounts this dialog with it, so the toast is raised as soon as the answer says so.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      void queryClient
        .fetchQuery({ ...meQueryOptions({ on401: 'returnNull' }), staleTime: 0 })
        .then((me) => {
          if (me?.rewards.find((r) => r.id === rewardId)?.status !== 'redeemed') return;
          window.clearInterval(timer);
          toast({ title: 'Reward Redeemed!', description: 'Your reward has been redeemed successfully.' });
          onOpenChange(false);
        })
        .catch(() => {});
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient, rewardId, onOpenChange]);

  const ask = () =>
    start.mutate(props.reward.id, {
      onSuccess: setCode,
      onError: () => {
        onOpenChange(false);
        toast({ title: 'Error', description: 'Failed to redeem reward. Please try again.', variant: 'destructive' });
      },
    });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask();
  });

  const where =
    props.reward.reward.scope === 'network'
      ? 'at any participating business'
      : `at ${props.reward.reward.businessName ?? 'its business'}`;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Redeem ${props.reward.reward.name}`}
        description={`Show this code at the counter ${where}. Staff scan it or type it in, then confirm.`}
      >
        <div className="grid justify-items-center gap-3 text-center">
          {code && !expired ? (
            <>
              <div className="relative grid place-items-center p-3">
                {/* The moving ring and the ticking clock: a screenshot stands still. */}
                <span
                  aria-hidden="true"
                  className="absolute inset-0 rounded-3xl border-4 border-dashed border-meadow-600 motion-safe:animate-[spin_6s_linear_infinite]"
                />
                <QrCode value={code.qrValue} size={200} label="Your redemption QR code" className="relative rounded-xl bg-white" />
              </div>
              <p className="font-mono text-4xl font-bold tracking-[0.3em] text-bark-900" aria-label={`Code ${code.code.split('').join(' ')}`}>
                {code.code.slice(0, 3)} {code.code.slice(3)}
              </p>
              <p className="flex items-center gap-2 text-bark-700">
                <span aria-hidden="true" className="inline-block size-3 rounded-full bg-meadow-600 motion-safe:animate-ping" />
                Live · {new Date(now).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', second: '2-digit' })}
              </p>
              <p role="timer" className="font-semibold text-bark-900">
                Valid for {formatCountdown(Date.parse(code.expiresAt) - now)}
              </p>
              <p role="status" className="sr-only">
                Waiting for the counter to confirm.
              </p>
            </>
          ) : code && expired ? (
            <>
              <p role="alert" className="rounded-xl bg-cream-100 p-4 text-bark-900">
                This code has expired. Ask for a new one when you are at the counter.
              </p>
              <Button onClick={ask} disabled={start.isPending}>
                New code
              </Button>
            </>
          ) : (
            <p role="status" className="text-bark-700">
              Getting your code…
            </p>
          )}
          <DialogClose asChild>
            <Button variant="secondary" className="w-full">
              Close
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
