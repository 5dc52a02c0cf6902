// The pending check-in on a kiosk screen: its token as a QR for the counter scanner, the hidden
// scanner input, and what became of the scan (approved panel, queued while offline, refused); a
// member's redemption code scanned there goes to the screen's `redemption` (the app
// layer composes it with the staff feature's code check).
import { useState, type ReactNode } from 'react';
import type { ApproveVisitResponse } from '@contract';
import { ApprovedPanel } from '@/features/checkin/components/ApprovedPanel.tsx';
import { MemberQr } from '@/features/checkin/components/MemberQr.tsx';
import { ScannerInput } from '@/features/checkin/components/ScannerInput.tsx';
import { useScanApproval } from '@/features/checkin/hooks/use-scan-approval.ts';
import { removeSession, SESSION_KEYS } from '@/lib/session-keys.ts';

export function KioskScanPanel(props: {
  token: string;
  caption: string;
  onApproved: (result: ApproveVisitResponse) => void;
  /** A member's redemption code scanned here: which values are one, and what to show for one. */
  redemption?: { accepts: (value: string) => boolean; render: (code: string, onDone: () => void) => ReactNode };
}) {
  const { scan, state, pending } = useScanApproval(props.token, (result) => {
    removeSession(SESSION_KEYS.pendingToken);
    props.onApproved(result);
  });
  // A member's redemption code scanned here instead: read, confirmed, redeemed.
  const [redemptionCode, setRedemptionCode] = useState<string | null>(null);
  if (state.status === 'approved') return <ApprovedPanel result={state.result} />;
  if (redemptionCode && props.redemption)
    return props.redemption.render(redemptionCode, () => setRedemptionCode(null));
  return (
    <div className="flex flex-col items-center gap-4">
      {state.status === 'queued' ? null : (
        <MemberQr value={props.token} size={240} caption={props.caption} label="Check-in QR code" />
      )}
      <ScannerInput
        onScan={(value) =>
          props.redemption?.accepts(value) ? setRedemptionCode(value) : scan(value)
        }
        disabled={state.status === 'queued'}
      />
      {pending ? (
        <p role="status" className="text-xl">
          Approving your visit…
        </p>
      ) : null}
      {state.status === 'queued' ? (
        <p
          role="status"
          className="max-w-xl rounded-2xl border-2 border-honey-500 bg-cream-100 p-5 text-center text-xl font-semibold"
        >
          Approval pending: the connection dropped. Your visit is saved on this kiosk and will be
          sent automatically when the connection returns.
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="max-w-xl text-center text-xl font-semibold text-red-800">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
