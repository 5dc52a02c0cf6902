// Where this kiosk stands (SPEC §3: current_location_id in session storage). The kiosk and the
// mobile QR screen each have a fixed default location (SPEC §7).
import { readSession, SESSION_KEYS } from '@/lib/session-keys.ts';

export const KIOSK_DEFAULT_LOCATION = 'chatterbox';
export const MOBILE_DEFAULT_LOCATION = 'creamery';

export function kioskLocationId(): string {
  return readSession(SESSION_KEYS.locationId) ?? KIOSK_DEFAULT_LOCATION;
}
