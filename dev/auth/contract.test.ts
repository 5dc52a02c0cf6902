// The auth stand-in's HTTP contract below supabase-js: GoTrue's two error formats, the gateway's
// key check, the open JWKS, and the dev SMS outbox — called in-process over an in-memory database.
import { loadAuthSettings } from '../config.ts';
import { connect, migrate, startEmbeddedPostgres, type EmbeddedPostgres, type Sql } from '../db.ts';
import { anonKey, inMemorySigningKeys, type SigningKeys } from '../keys.ts';
import { createAuthApp } from './app.ts';
import { appTarget, outbox, phoneNumbers, type AuthTarget } from './testing.ts';

const newPhone = phoneNumbers(3);
let embedded: EmbeddedPostgres;
let sql: Sql;
let keys: SigningKeys;
let target: AuthTarget;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({});
  sql = connect(embedded.url);
  await migrate(sql);
  keys = await inMemorySigningKeys();
  // The stand-in alone, as Auth without hooks: codes go to its outbox (the api suites run the hooks).
  const config = { ...loadAuthSettings(), smsMaxFrequencySeconds: 0, hooks: {} };
  target = appTarget(
    createAuthApp({ sql, config, keys, issuer: 'http://127.0.0.1:54321/auth/v1' }),
    await anonKey(keys),
  );
});

afterAll(async () => {
  await sql?.end();
  await embedded?.stop();
});

function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return target.fetch(`${target.url}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { apikey: target.anonKey, 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const V2024 = { 'x-supabase-api-version': '2024-01-01' };

describe('errors', () => {
  it('answers { code, message } and echoes the API version to callers that send 2024-01-01', async () => {
    const response = await call('/verify', {
      body: { phone: newPhone(), token: '000000', type: 'sms' },
      headers: V2024,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('otp_expired');
    expect(await response.json()).toEqual({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('answers the legacy { code: status, error_code, msg } to callers without a version', async () => {
    const response = await call('/verify', {
      body: { phone: newPhone(), token: '000000', type: 'sms' },
    });
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 403,
      error_code: 'otp_expired',
      msg: 'Token has expired or is invalid',
    });
  });

  it('refuses a malformed phone, a body that is not JSON and an unknown grant with 400', async () => {
    const phone = await call('/otp', { body: { phone: '+1 (555) 123-4567' }, headers: V2024 });
    expect(await phone.json()).toMatchObject({ code: 'validation_failed' });
    const json = await target.fetch(`${target.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: target.anonKey },
      body: '{',
    });
    expect(json.status).toBe(400);
    const grant = await call('/token?grant_type=password', {
      body: { phone: newPhone(), password: 'x' },
    });
    expect(grant.status).toBe(400);
  });

  it('answers 404 in the same format for endpoints the stand-in does not have', async () => {
    const response = await call('/magiclink', { body: {}, headers: V2024 });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('the gateway key check', () => {
  it('answers 401 no_authorization without an apikey or bearer token', async () => {
    const response = await target.fetch(`${target.url}/auth/v1/signup`, {
      method: 'POST',
      body: '{}',
      headers: V2024,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('accepts the key as the apikey query parameter, as the gateway does', async () => {
    const response = await target.fetch(`${target.url}/auth/v1/signup?apikey=${target.anonKey}`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('serves the JWKS without a key, cacheable, with the ES256 public key only', async () => {
    const response = await target.fetch(`${target.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys: served } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(served).toEqual([
      expect.objectContaining({ kid: keys.kid, alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' }),
    ]);
    expect(served[0]).not.toHaveProperty('d');
  });

  it('asks for a bearer token on /user, and refuses the anon key as one', async () => {
    const none = await call('/user', { headers: V2024 });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    const anon = await call('/user', {
      headers: { ...V2024, authorization: `Bearer ${target.anonKey}` },
    });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('the dev SMS outbox', () => {
  it('finds messages by 10 digits, by 11 digits or by E.164', async () => {
    const phone = newPhone();
    expect(
      (await call('/otp', { body: { phone, create_user: true, channel: 'sms' } })).status,
    ).toBe(200);
    const tenDigits = phone.slice(2);
    for (const query of [tenDigits, `1${tenDigits}`, phone]) {
      expect(await outbox(target, query)).toEqual([
        expect.objectContaining({ phone: `1${tenDigits}`, code: expect.stringMatching(/^\d{6}$/) }),
      ]);
    }
  });

  it('is readable without a key and refuses what is not a phone number', async () => {
    const open = await target.fetch(`${target.url}/auth/v1/dev/sms?phone=${newPhone().slice(2)}`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ messages: [] });
    const junk = await target.fetch(`${target.url}/auth/v1/dev/sms?phone=12ab`);
    expect(junk.status).toBe(400);
  });

  it('stores the pending code hashed, never in clear', async () => {
    const phone = newPhone();
    await call('/otp', { body: { phone } });
    const [message] = await outbox(target, phone);
    const [pending] = await sql<
      { code_hash: string }[]
    >`select code_hash from auth_dev.sms_codes where phone = ${phone.slice(1)}`;
    expect(pending!.code_hash).toMatch(/^[0-9a-f]{56}$/);
    expect(pending!.code_hash).not.toContain(message!.code);
  });
});
