// Where this kiosk stands (PRODUCT §3: current_location_id in session storage), with the kiosk's fixed
// default (PRODUCT §7). The mobile QR screen's default is gone: a member's phone token carries no
// business, the counter that scans it decides.
import { readSession, SESSION_KEYS } from '@/lib/session-keys.ts';

export const KIOSK_DEFAULT_LOCATION = 'chatterbox';

export function kioskLocationId(): string {
  return readSession(SESSION_KEYS.locationId) ?? KIOSK_DEFAULT_LOCATION;
}
