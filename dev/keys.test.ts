// The stack's signing key: made once and kept in a file (so sessions survive restarts), served
// as a JWKS, and signing the anon key, which is kept beside it.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import {
  anonKey,
  inMemorySigningKeys,
  jwks,
  loadOrCreateAnonKey,
  loadOrCreateSigningKeys,
  signJwt,
} from './keys.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'village-rewards-keys-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('creates the key file on first use, readable by its owner only, and loads the same key after', async () => {
  const path = join(dir, 'nested', 'keys.json');
  const created = await loadOrCreateSigningKeys(path);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const loaded = await loadOrCreateSigningKeys(path);
  expect(loaded.kid).toBe(created.kid);
  // A token signed before the "restart" verifies with the key loaded after it.
  const token = await signJwt(created, { sub: 'someone' });
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks(loaded)));
  expect(payload.sub).toBe('someone');
});

it('publishes only the public half, with kid, alg ES256 and use sig', async () => {
  const keys = await inMemorySigningKeys();
  expect(jwks(keys).keys).toEqual([
    expect.objectContaining({ kid: keys.kid, kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' }),
  ]);
  expect(jwks(keys).keys[0]).not.toHaveProperty('d');
});

it('signs a long-lived anon key with role anon, like the CLI', async () => {
  const keys = await inMemorySigningKeys();
  const key = await anonKey(keys, { ref: 'village-rewards' });
  const { payload, protectedHeader } = await jwtVerify(key, createLocalJWKSet(jwks(keys)));
  expect(payload).toMatchObject({ role: 'anon', iss: 'supabase-demo', ref: 'village-rewards' });
  expect(payload.exp! - payload.iat!).toBeGreaterThan(5 * 365 * 24 * 3600);
  expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: keys.kid, typ: 'JWT' });
});

it('refuses a key file that is not one, rather than replacing it', async () => {
  const path = join(dir, 'keys.json');
  writeFileSync(path, '{"something": "else"}');
  await expect(loadOrCreateSigningKeys(path)).rejects.toThrow(/not a signing key file/);
});

it('keeps the anon key beside the key that signed it: the same on every start, new for a new key or ref', async () => {
  const path = join(dir, 'keys.json');
  const keys = await loadOrCreateSigningKeys(path);
  const first = await loadOrCreateAnonKey(path, keys, { ref: 'village-rewards' });
  const { payload } = await jwtVerify(first, createLocalJWKSet(jwks(keys)));
  expect(payload).toMatchObject({ role: 'anon', ref: 'village-rewards' });
  // A restart loads the same key file and gets the same anon key, and the key file still loads.
  const reloaded = await loadOrCreateSigningKeys(path);
  expect(await loadOrCreateAnonKey(path, reloaded, { ref: 'village-rewards' })).toBe(first);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  // Another project ref, or a key file whose key changed, gets a new one, signed by that key.
  const otherRef = await loadOrCreateAnonKey(path, reloaded, { ref: 'elsewhere' });
  expect(otherRef).not.toBe(first);
  const newKeys = await inMemorySigningKeys();
  const renewed = await loadOrCreateAnonKey(path, newKeys, { ref: 'elsewhere' });
  await expect(jwtVerify(renewed, createLocalJWKSet(jwks(newKeys)))).resolves.toBeTruthy();
});
