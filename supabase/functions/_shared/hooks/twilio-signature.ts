// Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed by the account's auth
// token, of the full URL Twilio called followed by every POST parameter's name and value, sorted
// by name (twilio.com/docs/usage/webhooks/webhooks-security). WebCrypto only: Deno and Node.

const encoder = new TextEncoder();

/** The string Twilio signs: the URL, then name+value of each parameter in name order. */
export function twilioSignedContent(url: string, params: URLSearchParams): string {
  const pairs = [...params.entries()].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return url + pairs.map(([name, value]) => name + value).join('');
}

export async function twilioSignature(authToken: string, url: string, params: URLSearchParams): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(twilioSignedContent(url, params))));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Constant-time comparison of two strings of equal length. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** True when `signature` is Twilio's for this URL and these parameters under `authToken`. */
export async function verifyTwilioSignature(
  authToken: string | undefined,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): Promise<boolean> {
  if (!authToken || !signature) return false;
  return sameText(await twilioSignature(authToken, url, params), signature.trim());
}
