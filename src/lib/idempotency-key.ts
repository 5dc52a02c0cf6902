// One Idempotency-Key per attempt (reused on its retries): 8–128 visible ASCII characters.
// crypto.randomUUID needs a secure context, which a kiosk or counter on a plain-http LAN address
// is not; getRandomValues is always there.
export function newIdempotencyKey(prefix = ''): string {
  if (typeof crypto.randomUUID === 'function') return `${prefix}${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${prefix}${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
