// Kiosk member QR (PRODUCT §2, §4): the pending check-in token as a QR with the scanner input; a
// matching scan approves the visit and shows 'Visit Approved!' with the points and new rewards.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import { toast } from '@/components/ui/toast.ts';
import { approvedToast } from '@/features/checkin/lib/approval-toast.ts';
import { clearVisitor, readSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { kioskRedemption } from '@/app/components/kiosk-redemption.tsx';
import { kioskLandingPath } from '@/app/kiosk-device.ts';
import { KioskScanPanel } from '@/features/checkin/components/KioskScanPanel.tsx';
import { KioskScreen } from '@/features/checkin/components/KioskScreen.tsx';
import { NoCheckin } from '@/features/checkin/components/NoCheckin.tsx';

export function KioskMemberQrPage() {
  const navigate = useNavigate();
  const [token] = useState(() => readSession(SESSION_KEYS.pendingToken));
  // Both leave the shared screen for the next visitor, without this one's check-in.
  const home = () => {
    clearVisitor();
    void navigate(kioskLandingPath());
  };
  return (
    <KioskScreen title="Your Check-in Code">
      {!token ? (
        <NoCheckin home={kioskLandingPath()} />
      ) : (
        <div className="flex w-full max-w-3xl flex-col items-center gap-8 text-center">
          <h1 className="font-display text-5xl font-bold">Your check-in code</h1>
          <KioskScanPanel
            token={token}
            caption="Staff: scan this code to approve the visit."
            onApproved={(result) => toast(approvedToast(result))}
            redemption={kioskRedemption()}
          />
          <div className="grid w-full max-w-xl gap-4 sm:grid-cols-2">
            <Button size="lg" className="min-h-16 text-xl" onClick={home}>
              Done
            </Button>
            <Button size="lg" variant="secondary" className="min-h-16 text-xl" onClick={home}>
              Back to Home
            </Button>
          </div>
        </div>
      )}
    </KioskScreen>
  );
}
