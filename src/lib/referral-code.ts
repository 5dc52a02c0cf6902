// An invitation code as people type it: spaces, dashes and lower case are forgiven (the API does
// the same); its shape is 6 of 2-9 and A-Z without I and O.
export const normalizeReferralCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const isReferralCode = (code: string) => /^[2-9A-HJ-NP-Z]{6}$/.test(normalizeReferralCode(code));

/** The ?ref= of a join link, cleaned; null when there is none. */
export function referralFromSearch(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref');
  if (ref === null) return null;
  const code = normalizeReferralCode(ref).slice(0, 32);
  return code === '' ? null : code;
}
