// A member's redemption code typed by the counter's scanner into a kiosk's scanner input:
// what the kiosk screens hand their scanner (features/checkin's KioskScanPanel, the landing).
// The screen itself (KioskRedemption.tsx: the contract, the staff feature's check) loads on demand.
import type { ReactNode } from 'react';
import { retryableLazy } from '@/components/ui/LoadFailed.tsx';
import { scanKind } from '@/features/staff/lib/scan-kind.ts';

// A chunk that cannot be fetched says so with Retry instead of leaving the kiosk blank.
const KioskRedemption = retryableLazy(
  async () => (await import('./KioskRedemption.tsx')).KioskRedemption,
  'The redemption screen',
  <p role="status">Reading the redemption code…</p>,
);

export interface ScannedRedemption {
  /** True for a redemption code (6 characters or the QR's 'redeem:…'). */
  accepts: (value: string) => boolean;
  /** The kiosk's read → confirm → 'Reward Redeemed!' for a code; onDone returns to the screen. */
  render: (code: string, onDone: () => void) => ReactNode;
}

export function kioskRedemption(locationId?: string): ScannedRedemption {
  return {
    accepts: (value) => scanKind(value) === 'redemption',
    render: (code, onDone) => <KioskRedemption code={code} locationId={locationId} onDone={onDone} />,
  };
}
