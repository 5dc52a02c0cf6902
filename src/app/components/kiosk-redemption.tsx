// A member's redemption code typed by the counter's scanner into a kiosk's scanner input (issue 20
// §3): what the kiosk screens hand their scanner (features/checkin's KioskScanPanel, the landing).
// The screen itself (KioskRedemption.tsx: the contract, the staff feature's check) loads on demand.
import { lazy, Suspense, type ReactNode } from 'react';
import { scanKind } from '@/features/staff/lib/scan-kind.ts';

const KioskRedemption = lazy(async () => ({
  default: (await import('./KioskRedemption.tsx')).KioskRedemption,
}));

export interface ScannedRedemption {
  /** True for a redemption code (6 characters or the QR's 'redeem:…'). */
  accepts: (value: string) => boolean;
  /** The kiosk's read → confirm → 'Reward Redeemed!' for a code; onDone returns to the screen. */
  render: (code: string, onDone: () => void) => ReactNode;
}

export function kioskRedemption(locationId?: string): ScannedRedemption {
  return {
    accepts: (value) => scanKind(value) === 'redemption',
    render: (code, onDone) => (
      <Suspense fallback={<p role="status">Reading the redemption code…</p>}>
        <KioskRedemption code={code} locationId={locationId} onDone={onDone} />
      </Suspense>
    ),
  };
}
