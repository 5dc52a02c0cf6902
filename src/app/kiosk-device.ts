// Whether this browser is a kiosk: a device that opened a kiosk landing screen is
// one from then on (localStorage, so it survives a restart of the tab). On a kiosk device every
// screen but the landings has the idle reset, and the reset ends any member session.
import { isBusinessSlug } from '@/features/locations/lib/slug.ts';
import { readSession, SESSION_KEYS } from '@/lib/session-keys.ts';

export const KIOSK_DEVICE_KEY = 'village-rewards-kiosk-device';

export function markKioskDevice(): void {
  try {
    localStorage.setItem(KIOSK_DEVICE_KEY, '1');
  } catch {
    // storage blocked: the kiosk flow screens still reset themselves
  }
}

export function isKioskDevice(): boolean {
  try {
    return localStorage.getItem(KIOSK_DEVICE_KEY) === '1';
  } catch {
    return false;
  }
}

/** The kiosk landing screens (PRODUCT §2): /kiosk, /kiosk-home and every business's /:slug. */
export function isKioskLandingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    path === '/kiosk' ||
    path === '/kiosk-home' ||
    isBusinessSlug(path.slice(1))
  );
}

/** Whether the idle reset watches this screen: every kiosk flow screen, and on a kiosk device
 * every screen it can reach but its landings (which have no visitor to forget). */
export function idleResetCovers(pathname: string, kioskDevice: boolean = isKioskDevice()): boolean {
  if (isKioskLandingPath(pathname)) return false;
  return pathname.startsWith('/kiosk/') || kioskDevice;
}

/** Where the kiosk returns: its business's landing when one is stored, else /kiosk. */
export function kioskLandingPath(): string {
  const stored = readSession(SESSION_KEYS.locationId);
  return stored && isBusinessSlug(stored) ? `/${stored}` : '/kiosk';
}
