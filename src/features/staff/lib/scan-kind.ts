// What the counter's code field holds: a member card, a check-in token, a
// member's redemption code, a name or phone number to search for (when a member's phone is flat),
// or something else — said plainly, never sent as a malformed request.
export type ScanKind = 'card' | 'token' | 'redemption' | 'search' | 'other';

// The plain card, or a replaced card with its code (22_member_cards.sql).
const CARD = /^customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:[0-9a-f]{12})?$/i;
const TOKEN = /^[0-9a-f]{64}$/i;
// Three letters and three digits (no I, L, O, 0, 1), typed with or without a space or dash, or
// the QR's 'redeem:' value.
const REDEMPTION = /^(redeem:)?\s*[a-z]{3}[\s-]?[2-9]{3}$/i;

// A name: letters (any script), spaces, apostrophes, dots and dashes, 2+ characters. A phone:
// digits with phone punctuation, 3+ digits.
const NAME = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const PHONE = /^[+\d\s().-]+$/;

export function scanKind(value: string): ScanKind {
  const trimmed = value.trim();
  if (CARD.test(trimmed)) return 'card';
  if (TOKEN.test(trimmed)) return 'token';
  if (REDEMPTION.test(trimmed)) return 'redemption';
  if (NAME.test(trimmed) && [...trimmed].length >= 2) return 'search';
  if (PHONE.test(trimmed) && trimmed.replace(/\D/g, '').length >= 3) return 'search';
  return 'other';
}

export const NOT_A_CODE = 'That is not a member or check-in code';
