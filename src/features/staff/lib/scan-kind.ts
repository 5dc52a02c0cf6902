// What the counter's code field holds (issue 20 §3, §5): a member card, a check-in token, a
// member's redemption code, or something else — said plainly, never sent as a malformed request.
export type ScanKind = 'card' | 'token' | 'redemption' | 'other';

const CARD = /^customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[0-9a-f]{64}$/i;
// Three letters and three digits (no I, L, O, 0, 1), typed with or without a space or dash, or
// the QR's 'redeem:' value.
const REDEMPTION = /^(redeem:)?\s*[a-z]{3}[\s-]?[2-9]{3}$/i;

export function scanKind(value: string): ScanKind {
  const trimmed = value.trim();
  if (CARD.test(trimmed)) return 'card';
  if (TOKEN.test(trimmed)) return 'token';
  if (REDEMPTION.test(trimmed)) return 'redemption';
  return 'other';
}

export const NOT_A_CODE = 'That is not a member or check-in code';
