// Standard Webhooks signatures (standardwebhooks.com), as Supabase Auth signs its HTTP hooks:
// headers webhook-id, webhook-timestamp and webhook-signature ("v1,<base64 HMAC-SHA256 of
// `${id}.${timestamp}.${body}`>", several joined by ", "), keyed by a secret written
// "v1,whsec_<base64>" (the dashboard's hook secret). WebCrypto only: runs in Deno and Node.

/** How far a hook's timestamp may be from now (Standard Webhooks' default tolerance). */
export const TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const base64 = secret.replace(/^v1,/, '').replace(/^whsec_/, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function hmac(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The headers Supabase Auth sends with a hook call of `body`, signed with `secret`. */
export async function signWebhook(secret: string, id: string, body: string, now = new Date()): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${await hmac(secret, `${id}.${timestamp}.${body}`)}`,
  };
}

/** Constant-time comparison of two base64 signatures. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** True when one of the signatures is `body`'s under one of the secrets, within the tolerance. */
export async function verifyWebhook(
  secrets: readonly string[],
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now = new Date(),
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const offered = signature
    .split(' ')
    // Supabase Auth joins several signatures with ", ".
    .map((part) => part.replace(/,$/, ''))
    .filter((part) => part.startsWith('v1,'))
    .map((part) => part.slice(3));
  for (const secret of secrets) {
    let expected: string;
    try {
      expected = await hmac(secret, `${id}.${timestamp}.${body}`);
    } catch {
      continue; // not base64: never matches
    }
    if (offered.some((candidate) => same(candidate, expected))) return true;
  }
  return false;
}
