// A kiosk enrolment code made in the browser (the API stores only its hash): 12 characters from
// an alphabet without look-alikes (no 0/O, 1/I/L), grouped for reading out, from crypto randomness.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newEnrolmentCode(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 % 31 leaves a small bias; reject the top of the byte range to avoid it.
  const chars: string[] = [];
  let i = 0;
  while (chars.length < length) {
    if (i >= bytes.length) {
      crypto.getRandomValues(bytes);
      i = 0;
    }
    const byte = bytes[i++]!;
    if (byte < 248) chars.push(ALPHABET[byte % ALPHABET.length]!);
  }
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}
