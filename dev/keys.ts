// The local stack's signing key (ES256, as Supabase's asymmetric JWT keys): generated once and
// kept in .local/keys.json so sessions survive restarts; its JWKS; and the anon key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type CryptoKey } from 'jose';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const ALG = 'ES256';

export async function generateSigningKeys(): Promise<{ keys: SigningKeys; privateJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  return { keys: { kid, privateKey, publicJwk }, privateJwk };
}

/** Loads the key pair from `path`, creating it on first use. */
export async function loadOrCreateSigningKeys(path: string): Promise<SigningKeys> {
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { privateJwk: JWK; publicJwk: JWK };
    const privateKey = (await importJWK(stored.privateJwk, ALG)) as CryptoKey;
    return { kid: stored.publicJwk.kid!, privateKey, publicJwk: stored.publicJwk };
  }
  const { keys, privateJwk } = await generateSigningKeys();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ privateJwk, publicJwk: keys.publicJwk }, null, 2), { mode: 0o600 });
  return keys;
}

export function jwks(keys: SigningKeys) {
  return { keys: [keys.publicJwk] };
}

export async function signJwt(keys: SigningKeys, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid: keys.kid, typ: 'JWT' }).sign(keys.privateKey);
}

/** The anon key: a long-lived JWT with role anon, like the local CLI's. */
export async function anonKey(keys: SigningKeys): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(keys, { iss: 'supabase-demo', role: 'anon', iat: now, exp: now + 10 * 365 * 24 * 3600 });
}
