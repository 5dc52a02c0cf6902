// Where supabase-js keeps the browser session, named once so the API client can tell a visitor
// (nothing stored) from a signed-in caller without loading supabase-js on the public site.
export const AUTH_STORAGE_KEY = 'village-rewards-auth';

/** True when a session (possibly expired, supabase-js refreshes it) is stored in this browser. */
export function hasStoredSession(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false; // storage blocked (private mode): no stored session
  }
}
