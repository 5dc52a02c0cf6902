// The auth stand-in obeys supabase/config.toml: code expiry, max_frequency, sign-up switches,
// rate limits and refresh-token reuse — each checked with supabase-js against an auth app built
// in-process with that setting, all over one in-memory database.
import { loadAuthSettings, type AuthSettings } from '../config.ts';
import { connect, migrate, startEmbeddedPostgres, type EmbeddedPostgres, type Sql } from '../db.ts';
import { anonKey, inMemorySigningKeys, type SigningKeys } from '../keys.ts';
import { createAuthApp } from './app.ts';
import { appTarget, latestCode, phoneNumbers, supabaseClient, type AuthTarget } from './testing.ts';

const newPhone = phoneNumbers(2);
let embedded: EmbeddedPostgres;
let sql: Sql;
let keys: SigningKeys;
let key: string;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({});
  sql = connect(embedded.url);
  await migrate(sql);
  keys = await inMemorySigningKeys();
  key = await anonKey(keys);
});

afterAll(async () => {
  await sql?.end();
  await embedded?.stop();
});

/** An auth app with config.toml's settings changed by `changes`. */
function authWith(changes: Partial<AuthSettings>): AuthTarget {
  // The stand-in alone, as Auth without hooks: codes go to its outbox (the api suites run the hooks).
  const config = { ...loadAuthSettings(), smsMaxFrequencySeconds: 0, hooks: {}, ...changes };
  return appTarget(
    createAuthApp({ sql, config, keys, issuer: 'http://127.0.0.1:54321/auth/v1' }),
    key,
  );
}

describe('codes', () => {
  it('refuses an expired code with otp_expired', async () => {
    const target = authWith({ otpExpirySeconds: 0 });
    const supabase = supabaseClient(target);
    const phone = newPhone();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const { error } = await supabase.auth.verifyOtp({
      phone,
      token: await latestCode(target, phone),
      type: 'sms',
    });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('makes codes of otp_length digits', async () => {
    const target = authWith({ otpLength: 8 });
    const phone = newPhone();
    await supabaseClient(target).auth.signInWithOtp({ phone });
    expect(await latestCode(target, phone)).toMatch(/^\d{8}$/);
  });

  it('answers 429 over_sms_send_rate_limit to a resend within max_frequency, per phone', async () => {
    const target = authWith({ smsMaxFrequencySeconds: 60 });
    const supabase = supabaseClient(target);
    const phone = newPhone();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const { error } = await supabase.auth.signInWithOtp({ phone });
    expect(error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(error!.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
    expect((await supabase.auth.signInWithOtp({ phone: newPhone() })).error).toBeNull();
  });

  it('refuses phone sign-ins when [auth.sms] is not enabled', async () => {
    const { error } = await supabaseClient(authWith({ smsEnabled: false })).auth.signInWithOtp({
      phone: newPhone(),
    });
    expect(error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });

  it('lets known phones sign in but signs nobody up when enable_signup is off', async () => {
    const openTarget = authWith({});
    const open = supabaseClient(openTarget);
    const known = newPhone();
    await open.auth.signInWithOtp({ phone: known });
    // Known: confirmed by a code (with confirmations on, an unverified phone is still a sign-up).
    await open.auth.verifyOtp({ phone: known, token: await latestCode(openTarget, known), type: 'sms' });
    const closed = supabaseClient(authWith({ enableSignup: false }));
    expect((await closed.auth.signInWithOtp({ phone: known })).error).toBeNull();
    const { error } = await closed.auth.signInWithOtp({ phone: newPhone() });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
  });
});

describe('anonymous sign-ins', () => {
  it('answers 422 anonymous_provider_disabled when enable_anonymous_sign_ins is off', async () => {
    const { data, error } = await supabaseClient(
      authWith({ enableAnonymousSignIns: false }),
    ).auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(data.session).toBeNull();
  });
});

describe('[auth.rate_limit]', () => {
  const limited = (changes: Partial<AuthSettings['rateLimits']>) =>
    authWith({ rateLimits: { ...loadAuthSettings().rateLimits, ...changes } });

  /** A raw call from client address `ip`, as the gateway forwards it. */
  const post = (target: AuthTarget, path: string, body: unknown, ip: string) =>
    target.fetch(`${target.url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': ip,
        apikey: key,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });

  it('limits anonymous sign-ins per IP address (anonymous_users)', async () => {
    const target = limited({ anonymousUsersPerHour: 2 });
    expect((await post(target, '/signup', {}, '203.0.113.7')).status).toBe(200);
    expect((await post(target, '/signup', {}, '203.0.113.7')).status).toBe(200);
    const third = await post(target, '/signup', {}, '203.0.113.7');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect((await post(target, '/signup', {}, '203.0.113.9')).status).toBe(200);
  });

  it('limits code verifications per IP address (token_verifications)', async () => {
    const target = limited({ tokenVerificationsPer5Min: 1 });
    const attempt = { phone: newPhone(), token: '123456', type: 'sms' };
    expect((await post(target, '/verify', attempt, '203.0.113.8')).status).toBe(403);
    expect((await post(target, '/verify', attempt, '203.0.113.8')).status).toBe(429);
  });

  it('limits code requests per IP address (sign_in_sign_ups)', async () => {
    const target = limited({ signInSignUpsPer5Min: 1 });
    expect((await post(target, '/otp', { phone: newPhone() }, '203.0.113.10')).status).toBe(200);
    expect((await post(target, '/otp', { phone: newPhone() }, '203.0.113.10')).status).toBe(429);
  });

  it('limits SMS sent per hour (sms_sent) but not test numbers', async () => {
    const supabase = supabaseClient(limited({ smsSentPerHour: 0 }));
    const { error } = await supabase.auth.signInWithOtp({ phone: newPhone() });
    expect(error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect((await supabase.auth.signInWithOtp({ phone: '+15555550100' })).error).toBeNull();
  });
});

describe('refresh_token_reuse_interval', () => {
  /** A session's first refresh token, after two rotations made it stale. */
  async function staleRefreshToken(target: AuthTarget): Promise<string> {
    const supabase = supabaseClient(target);
    const phone = newPhone();
    await supabase.auth.signInWithOtp({ phone });
    const { data } = await supabase.auth.verifyOtp({
      phone,
      token: await latestCode(target, phone),
      type: 'sms',
    });
    const first = data.session!.refresh_token;
    const second = await supabase.auth.refreshSession({ refresh_token: first });
    expect(
      (await supabase.auth.refreshSession({ refresh_token: second.data.session!.refresh_token }))
        .error,
    ).toBeNull();
    return first;
  }

  it('accepts a stale refresh token within the interval', async () => {
    const target = authWith({ refreshTokenReuseIntervalSeconds: 3600 });
    const stale = await staleRefreshToken(target);
    expect(
      (await supabaseClient(target).auth.refreshSession({ refresh_token: stale })).error,
    ).toBeNull();
  });

  it('refuses a stale refresh token without one', async () => {
    const target = authWith({ refreshTokenReuseIntervalSeconds: 0 });
    const stale = await staleRefreshToken(target);
    const { error } = await supabaseClient(target).auth.refreshSession({ refresh_token: stale });
    expect(error?.code).toBe('refresh_token_already_used');
  });
});
