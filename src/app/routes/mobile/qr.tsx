// Mobile QR (PRODUCT §2 /mobile/qr, §7, §9): a real check-in token (POST /api/checkin/start at the
// stored location, else the mobile default) as a QR, valid 15 minutes with a visible countdown.
// While it is active and unapproved GET /api/me is polled every 2 s, and the approval shows as
// soon as staff scan it (the member's visit count goes up). 'Simulate Scan' only in demo mode.
import { useEffect, useRef, useState } from 'react';
import type { MeResponse } from '@contract';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useDemoMode } from '@/features/checkin/api/get-demo-mode.ts';
import { useSimulateScan } from '@/features/checkin/api/simulate-scan.ts';
import { useStartCheckin } from '@/features/checkin/api/start-checkin.ts';
import { ApprovedPanel, type ApprovedVisit } from '@/features/checkin/components/ApprovedPanel.tsx';
import { MemberQr } from '@/features/checkin/components/MemberQr.tsx';
import { formatCountdown, useNow } from '@/lib/use-now.ts';
import { MEMBER_POLL_MS } from '@/lib/live.ts';
import { approvedToast } from '@/features/checkin/lib/approval-toast.ts';
import { useMe } from '@/features/rewards/api/get-me.ts';
import { isTooSoon, userMessage } from '@/lib/api-client.ts';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';
import { MemberOnly } from '@/app/components/MemberOnly.tsx';

export const ME_POLL_MS = MEMBER_POLL_MS;
const LOADING = 'Loading your QR code...';
const SIGNED_OUT = <SignInPrompt message="Please sign in to continue" to="/mobile" />;

interface Checkin {
  token: string;
  expiresAt: string;
  baseline: MeResponse;
}

/** The approval seen in /api/me: more visits than when the token was made. */
function approvalSeen(checkin: Checkin | null, me: MeResponse | null | undefined): ApprovedVisit | null {
  if (!checkin || !me || me.totalVisits <= checkin.baseline.totalVisits) return null;
  const before = new Set(checkin.baseline.rewards.map((reward) => reward.id));
  return {
    pointsEarned: me.totalPoints - checkin.baseline.totalPoints,
    totalPoints: me.totalPoints,
    unlockedRewards: me.rewards
      .filter((reward) => !before.has(reward.id))
      .map((reward) => ({ id: reward.id, name: reward.reward.name })),
  };
}

function MobileQr() {
  const [checkin, setCheckin] = useState<Checkin | null>(null);
  const [simulated, setSimulated] = useState<ApprovedVisit | null>(null);
  const now = useNow(checkin !== null);
  const expired = checkin !== null && Date.parse(checkin.expiresAt) <= now;
  const [polled, setPolled] = useState(false);
  const me = useMe({ on401: 'returnNull', live: true, refetchInterval: polled ? ME_POLL_MS : false });
  const approved = simulated ?? approvalSeen(checkin, me.data);
  const shouldPoll = checkin !== null && !approved && !expired;
  if (shouldPoll !== polled) setPolled(shouldPoll);
  const start = useStartCheckin();
  const demo = useDemoMode();
  const simulate = useSimulateScan();

  const generate = async () => {
    // A fresh baseline: a visit approved elsewhere since the last read must not look like this one.
    const baseline = (await me.refetch()).data;
    if (!baseline) return;
    // No business: the counter that scans the code decides where the visit counts.
    start.mutate(
      {},
      {
        onSuccess: (result) => {
          setSimulated(null);
          setCheckin({ ...result, baseline });
        },
        onError: (error) =>
          toast(
            isTooSoon(error)
              ? { title: 'Not Yet', description: userMessage(error), variant: 'destructive' }
              : { title: 'Error', description: 'Failed to generate QR code. Please try again.', variant: 'destructive' },
          ),
      },
    );
  };
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current || !me.data) return;
    requested.current = true;
    void generate();
  });
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!approved || !checkin || announced.current === checkin.token) return;
    announced.current = checkin.token;
    toast(approvedToast(approved));
  }, [approved, checkin]);

  if (me.isPending) return <LoadingLine text={LOADING} />;
  if (!me.data) return SIGNED_OUT;
  return (
    <div className="grid gap-6 text-center">
      <h1 className="font-display text-3xl font-bold">Hi, {me.data.customer.name}!</h1>
      {approved ? (
        <ApprovedPanel result={approved} />
      ) : checkin && !expired ? (
        <Card className="flex flex-col items-center gap-3">
          <p className="text-bark-700">Show this code to staff to check in.</p>
          <MemberQr value={checkin.token} size={200} label="Your check-in QR code" />
          <p className="font-semibold">Valid for 15 minutes</p>
          <p role="timer" className="text-bark-700">
            Expires in <span className="font-mono font-semibold">{formatCountdown(Date.parse(checkin.expiresAt) - now)}</span>
          </p>
          <p role="status" className="sr-only">
            Waiting for staff to scan your code.
          </p>
        </Card>
      ) : checkin && expired ? (
        <p role="alert" className="rounded-2xl bg-cream-100 p-5">
          This QR code has expired. Tap Refresh QR Code for a new one.
        </p>
      ) : start.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-5 text-red-900">
          {userMessage(start.error)}
        </p>
      ) : (
        <LoadingLine text="Making your check-in code..." />
      )}
      <div className="grid gap-3">
        <Button size="lg" variant={approved || expired ? 'primary' : 'secondary'} disabled={start.isPending} onClick={() => void generate()}>
          Refresh QR Code
        </Button>
        {demo.data?.demoMode && checkin && !approved && !expired ? (
          <Button
            size="lg"
            variant="secondary"
            disabled={simulate.isPending}
            onClick={() =>
              simulate.mutate(
                { token: checkin.token },
                {
                  onSuccess: (result) => setSimulated(result),
                  onError: (error) =>
                    toast({ title: 'Error', description: userMessage(error), variant: 'destructive' }),
                },
              )
            }
          >
            Simulate Scan
          </Button>
        ) : null}
        <ButtonLink to="/mobile/wallet" size="lg" variant="secondary">
          View Points & Rewards
        </ButtonLink>
      </div>
    </div>
  );
}

export function MobileQrPage() {
  return (
    <MemberOnly title="My Check-in QR" signedOut={SIGNED_OUT} loading={LOADING} screen={MobileQr} />
  );
}
