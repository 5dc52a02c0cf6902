// The session-storage keys of PRODUCT §3, named once: the kiosk's location, the kiosk visitor's
// sign-up and check-in, the mobile sign-up data and the login phone. Storage can be blocked
// (private mode, a locked-down kiosk browser), so every access is guarded.
export const SESSION_KEYS = {
  locationId: 'current_location_id',
  businessName: 'current_business_name',
  customerId: 'customer_id',
  customerName: 'customer_name',
  welcomeReward: 'welcome_reward',
  pendingToken: 'pending_token',
  signupData: 'signup_data',
  loginPhone: 'login_phone',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** What one visitor leaves behind on a shared device (everything but the kiosk's own location). */
export const VISITOR_KEYS: readonly SessionKey[] = [
  SESSION_KEYS.customerId,
  SESSION_KEYS.customerName,
  SESSION_KEYS.welcomeReward,
  SESSION_KEYS.pendingToken,
  SESSION_KEYS.signupData,
  SESSION_KEYS.loginPhone,
];

export function readSession(key: SessionKey): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: SessionKey, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: the screen still works for this page view
  }
}

export function removeSession(...keys: SessionKey[]): void {
  for (const key of keys) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  }
}

/** A JSON value stored under `key`, or null when absent or unreadable. */
export function readSessionJson<T>(key: SessionKey, parse: (value: unknown) => T | null): T | null {
  const raw = readSession(key);
  if (!raw) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Forgets the previous visitor (kiosk idle reset, sign-out). */
export function clearVisitor(): void {
  removeSession(...VISITOR_KEYS);
}
