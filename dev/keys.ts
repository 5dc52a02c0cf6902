// The local stack's signing key (ES256, as Supabase's asymmetric JWT keys): generated once and
// kept in .local/keys.json so sessions survive restarts; its JWKS; and the anon key, kept beside it.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as the JWKS serves it (kid, alg ES256, use sig). */
  publicJwk: JWK;
}

const ALG = 'ES256';

export async function generateSigningKeys(): Promise<{ keys: SigningKeys; privateJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk: JWK = {
    ...(await exportJWK(publicKey)),
    kid,
    alg: ALG,
    use: 'sig',
    key_ops: ['verify'],
  };
  const privateJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid,
    alg: ALG,
    use: 'sig',
    key_ops: ['sign'],
  };
  return { keys: { kid, privateKey, publicJwk }, privateJwk };
}

/** Keys that live only as long as the process (tests, in-memory stacks). */
export async function inMemorySigningKeys(): Promise<SigningKeys> {
  return (await generateSigningKeys()).keys;
}

/** Loads the key pair from `path` (.local/keys.json, git-ignored), creating it on first use. */
export async function loadOrCreateSigningKeys(path: string): Promise<SigningKeys> {
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { privateJwk?: JWK; publicJwk?: JWK };
    if (!stored.privateJwk?.kid || !stored.publicJwk?.kid) {
      throw new Error(`${path} is not a signing key file; delete it to make a new key`);
    }
    const privateKey = (await importJWK(stored.privateJwk, ALG)) as CryptoKey;
    return { kid: stored.publicJwk.kid, privateKey, publicJwk: stored.publicJwk };
  }
  const { keys, privateJwk } = await generateSigningKeys();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ privateJwk, publicJwk: keys.publicJwk }, null, 2)}\n`, {
    mode: 0o600,
  });
  return keys;
}

export function jwks(keys: SigningKeys): { keys: JWK[] } {
  return { keys: [keys.publicJwk] };
}

export async function signJwt(keys: SigningKeys, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALG, kid: keys.kid, typ: 'JWT' })
    .sign(keys.privateKey);
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * The anon key kept in the key file at `path` beside the key that signed it, made there on first
 * use: the same key on every start, as `supabase start` prints one (a new signature on each start
 * would change the env file and any build that bakes the key in). Made again when the file's key
 * or project ref changed.
 */
export async function loadOrCreateAnonKey(
  path: string,
  keys: SigningKeys,
  options: { ref?: string } = {},
): Promise<string> {
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const current = typeof stored.anonKey === 'string' ? stored.anonKey : undefined;
  if (current) {
    const [header, payload] = current.split('.').map((part) => {
      try {
        return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
    if (header?.kid === keys.kid && payload?.ref === options.ref && payload?.role === 'anon') return current;
  }
  const made = await anonKey(keys, options);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ ...stored, anonKey: made }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return made;
}

/** The anon key: a long-lived JWT with role anon, like the one `supabase start` prints. */
export async function anonKey(keys: SigningKeys, options: { ref?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(keys, {
    iss: 'supabase-demo',
    ...(options.ref ? { ref: options.ref } : {}),
    role: 'anon',
    iat: now,
    exp: now + TEN_YEARS,
  });
}
