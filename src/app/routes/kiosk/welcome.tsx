// Kiosk welcome (PRODUCT §2): greets the new customer with their welcome reward and shows a QR of a
// real check-in token — started here by phone at the kiosk's location — for staff to scan.
// 'View My Points' opens the wallet on the member's own phone (a QR), never on the kiosk. A kiosk
// with a printer offers "Print my card" (a paper member card); one without says to ask at the counter.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useStartCheckin } from '@/features/checkin/api/start-checkin.ts';
import { welcomeToast } from '@/features/checkin/lib/approval-toast.ts';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { kioskHasPrinter } from '@/features/checkin/lib/kiosk-printer.ts';
import { CardPrintSheet } from '@/features/cards/components/CardPrintSheet.tsx';
import { readVisitor } from '@/features/checkin/lib/kiosk-visitor.ts';
import { userMessage } from '@/lib/api-client.ts';
import { clearVisitor, readSession, SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { kioskRedemption } from '@/app/components/kiosk-redemption.tsx';
import { kioskLandingPath } from '@/app/kiosk-device.ts';
import { KioskScanPanel } from '@/features/checkin/components/KioskScanPanel.tsx';
import { KioskScreen } from '@/features/checkin/components/KioskScreen.tsx';
import { NoCheckin } from '@/features/checkin/components/NoCheckin.tsx';
import { PhoneHandoff } from '@/features/checkin/components/PhoneHandoff.tsx';

export function KioskWelcomePage() {
  const navigate = useNavigate();
  const phone = (useLocation().state as { phone?: string } | null)?.phone;
  const [visitor] = useState(readVisitor);
  const [printer] = useState(kioskHasPrinter);
  const [token, setToken] = useState(() => readSession(SESSION_KEYS.pendingToken));
  const start = useStartCheckin();
  const started = useRef(false);

  const startCheckin = () => {
    if (!phone) return;
    start.mutate(
      { locationId: kioskLocationId(), phone },
      {
        onSuccess: (result) => {
          writeSession(SESSION_KEYS.pendingToken, result.token);
          setToken(result.token);
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to generate QR code. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };
  useEffect(() => {
    if (started.current || token || !visitor) return;
    started.current = true;
    startCheckin();
  });

  const done = () => {
    clearVisitor();
    void navigate(kioskLandingPath());
  };
  return (
    <KioskScreen title="Welcome">
      {!visitor ? (
        <NoCheckin home={kioskLandingPath()} />
      ) : (
        <div className="flex w-full max-w-3xl flex-col items-center gap-8 text-center">
          <header>
            <h1 className="font-display text-5xl font-bold">Welcome, {visitor.customerName}!</h1>
            {visitor.welcomeReward ? (
              <div className="mt-5 rounded-2xl bg-white p-6 shadow-sm">
                <p className="text-lg font-semibold text-meadow-800">Your welcome reward</p>
                <p className="mt-1 font-display text-3xl font-bold">{visitor.welcomeReward.name}</p>
                <p className="mt-2 text-xl text-bark-700">{visitor.welcomeReward.description}</p>
              </div>
            ) : null}
          </header>
          {token ? (
            <KioskScanPanel
              token={token}
              caption="Show this code to staff to record your first visit."
              onApproved={(result) => toast(welcomeToast(result))}
              redemption={kioskRedemption()}
            />
          ) : start.isError ? (
            <div role="alert" className="grid gap-3 text-xl text-red-900">
              <p className="font-semibold">We couldn't make your check-in code.</p>
              <p>{userMessage(start.error)}</p>
              {phone ? (
                <Button size="lg" onClick={startCheckin}>
                  Try again
                </Button>
              ) : null}
            </div>
          ) : (
            <p role="status" className="text-xl text-bark-700">
              Making your check-in code…
            </p>
          )}
          {/* A member without a smartphone carries a paper card: the counter scans it like the QR on a phone. */}
          {printer ? (
            <>
              <Button size="lg" variant="secondary" className="min-h-16 w-full max-w-xl text-xl" onClick={() => window.print()}>
                Print my card
              </Button>
              {/* A new member's card is their plain member value: it has never been replaced. */}
              <CardPrintSheet card={{ name: visitor.customerName, qr: `customer:${visitor.customerId}`, version: 1 }} />
            </>
          ) : (
            <p className="max-w-xl text-xl text-bark-900" data-testid="kiosk-card-counter">
              No smartphone? Ask at the counter for a printed card.
            </p>
          )}
          <div className="grid w-full max-w-xl gap-4 sm:grid-cols-2">
            <Button size="lg" className="min-h-16 text-xl" onClick={done}>
              Done
            </Button>
            <PhoneHandoff
              label="View My Points"
              path="/mobile/wallet"
              what="your points and rewards"
              className="min-h-16 text-xl"
            />
          </div>
        </div>
      )}
    </KioskScreen>
  );
}
