// The member's redemption code, the lazy chunk of RedeemButton.tsx: a QR and six
// characters for the counter, valid 2 minutes, single use, with a live clock and a moving ring so
// a screenshot is not mistaken for it. The account is re-read every 2 s while it shows: once the
// counter has confirmed, 'Reward Redeemed!' (PRODUCT §8) and the dialog closes.
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CustomerReward, MeResponse, StartRedemptionResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/Dialog.tsx';
import { QrCode } from '@/components/ui/QrCode.tsx';
import { toast } from '@/components/ui/toast.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatCountdown, useNow } from '@/lib/use-now.ts';
import { MEMBER_POLL_MS } from '@/lib/live.ts';
import { meQueryOptions } from '@/features/rewards/api/get-me.ts';
import { useStartRedemption } from '@/features/rewards/api/start-redemption.ts';

const POLL_MS = MEMBER_POLL_MS;
/** The codes whose redemption is being watched for (see below). */
const watching = new Set<string>();

export function RedeemDialog(props: { reward: CustomerReward; onOpenChange: (open: boolean) => void }) {
  const start = useStartRedemption();
  const [code, setCode] = useState<StartRedemptionResponse | null>(null);
  const now = useNow(true, 500);
  const expired = code !== null && Date.parse(code.expiresAt) <= now;
  const queryClient = useQueryClient();
  const { onOpenChange } = props;
  const rewardId = props.reward.id;
  const waiting = code !== null && !expired;
  // The redemption is seen in the member's data however it is read: this dialog's own poll or the
  // live account page's. The watch is on the query cache, not this component: the
  // redeemed reward leaves the list and unmounts the dialog with it, and the toast must still
  // come. It ends once redeemed or when the code expires (a code shown and closed can still be
  // confirmed at the counter, and then 'Reward Redeemed!' is still true).
  const expiresAt = code ? Date.parse(code.expiresAt) : null;
  useEffect(() => {
    // Once per code (StrictMode runs effects twice, and there is no cleanup on purpose).
    const watch = `${rewardId}@${expiresAt}`;
    if (expiresAt === null || watching.has(watch)) return;
    watching.add(watch);
    const cache = queryClient.getQueryCache();
    const key = meQueryOptions().queryKey;
    const stop = () => {
      watching.delete(watch);
      unsubscribe();
      window.clearTimeout(expiry);
    };
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hashKey(key)) return;
      const me = event.query.state.data as MeResponse | null | undefined;
      if (me?.rewards.find((r) => r.id === rewardId)?.status !== 'redeemed') return;
      stop();
      toast({ title: 'Reward Redeemed!', description: 'Your reward has been redeemed successfully.' });
      onOpenChange(false);
    });
    const expiry = window.setTimeout(stop, Math.max(0, expiresAt - Date.now()) + POLL_MS);
  }, [expiresAt, queryClient, rewardId, onOpenChange]);
  // The dialog's own poll, for a page that does not poll the account itself; a read the live
  // account made less than a second ago is not repeated.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      void queryClient
        .fetchQuery({ ...meQueryOptions({ on401: 'returnNull' }), staleTime: 1_000 })
        .catch(() => {});
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient]);

  const ask = () =>
    start.mutate(props.reward.id, {
      onSuccess: setCode,
      onError: (error) => {
        onOpenChange(false);
        // No longer usable (it expired, or was redeemed or withdrawn meanwhile): the API's plain
        // words, and the rewards are read again so the list shows it as it is.
        if (error instanceof ApiError && error.status === 409 && error.code) {
          toast({ title: 'Cannot redeem', description: error.userMessage, variant: 'destructive' });
          void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
          return;
        }
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
