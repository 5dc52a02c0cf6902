// Phone numbers as the screens handle them (PRODUCT §5): digits only, at most 10, shown (AAA) BBB-CCCC.
export const PHONE_DIGITS = 10;

export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  // A pasted "+1 555 123 4567": the country code goes (no US area code starts with 1).
  const national =
    digits.length > PHONE_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, PHONE_DIGITS);
}

/** Formats as typed: "555" → "(555", "555123" → "(555) 123", "5551234567" → "(555) 123-4567". */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
