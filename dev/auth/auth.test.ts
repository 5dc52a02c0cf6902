// The auth stand-in driven by the real supabase-js client over HTTP, on a stack of its own: what
// the app and the api function rely on from Supabase Auth (phone codes, anonymous sign-in,
// refresh, user, claims, sign-out).
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { startStack, type Stack } from '../stack.ts';
import {
  latestCode,
  outbox,
  phoneNumbers,
  stackTarget,
  supabaseClient,
  type AuthTarget,
} from './testing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const newPhone = phoneNumbers(1);
let stack: Stack;
let target: AuthTarget;

const client = (): SupabaseClient => supabaseClient(target);

async function signInByPhone(supabase: SupabaseClient, phone: string) {
  const sent = await supabase.auth.signInWithOtp({ phone });
  expect(sent.error).toBeNull();
  const { data, error } = await supabase.auth.verifyOtp({
    phone,
    token: await latestCode(target, phone),
    type: 'sms',
  });
  expect(error).toBeNull();
  return data.session!;
}

beforeAll(async () => {
  // Resends without waiting, and no grace period for used refresh tokens, so each rule shows at once.
  stack = await startStack({
    port: 0,
    dataDir: null,
    quiet: true,
    authSettings: { smsMaxFrequencySeconds: 0, refreshTokenReuseIntervalSeconds: 0 },
  });
  target = stackTarget(stack);
});

afterAll(async () => {
  await stack?.stop();
});

describe('phone one-time codes', () => {
  it('signs a new member in with the code from the dev outbox, with GoTrue claims', async () => {
    const phone = newPhone();
    const session = await signInByPhone(client(), phone);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      sub: session.user.id,
      phone: phone.slice(1),
      email: '',
      is_anonymous: false,
      aal: 'aal1',
      app_metadata: { provider: 'phone', providers: ['phone'] },
      user_metadata: {},
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(UUID);
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    const { keys } = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({
      alg: 'ES256',
      kid: keys[0]!.kid,
    });
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user).toMatchObject({
      phone: phone.slice(1),
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: false,
    });
    expect(session.user.phone_confirmed_at).toBeTruthy();
    expect(session.user.last_sign_in_at).toBeTruthy();
    expect(session.user.identities).toMatchObject([
      { provider: 'phone', user_id: session.user.id },
    ]);
  });

  it('keeps sent messages in the outbox, newest last, and only the newest code works', async () => {
    const phone = newPhone();
    const supabase = client();
    await supabase.auth.signInWithOtp({ phone });
    await supabase.auth.signInWithOtp({ phone });
    const messages = await outbox(target, phone);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.body).toBe(`Your Village Rewards code is ${messages[1]!.code}`);
    expect(messages[1]!.code).toMatch(/^\d{6}$/);
    expect(messages[1]!.phone).toBe(phone.slice(1));
    expect(Date.parse(messages[1]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[0]!.sentAt));
    if (messages[0]!.code !== messages[1]!.code) {
      const stale = await supabase.auth.verifyOtp({ phone, token: messages[0]!.code, type: 'sms' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const fresh = await supabase.auth.verifyOtp({ phone, token: messages[1]!.code, type: 'sms' });
    expect(fresh.error).toBeNull();
  });

  it('signs the demo admin in with the fixed test code, sends no SMS, and carries the admin role', async () => {
    const supabase = client();
    expect((await supabase.auth.signInWithOtp({ phone: '+15555550100' })).error).toBeNull();
    expect(await outbox(target, '5555550100')).toEqual([]);
    const { data, error } = await supabase.auth.verifyOtp({
      phone: '+15555550100',
      token: '123456',
      type: 'sms',
    });
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).app_metadata).toMatchObject({
      role: 'admin',
      provider: 'phone',
    });
  });

  it('adds the phone provider to app_metadata set by an admin, keeping the role', async () => {
    const phone = newPhone();
    await stack.sql`insert into auth.users (id, aud, role, phone, raw_app_meta_data)
                    values (gen_random_uuid(), 'authenticated', 'authenticated', ${phone.slice(1)}, '{"role": "staff"}')`;
    const session = await signInByPhone(client(), phone);
    expect(decodeJwt(session.access_token).app_metadata).toEqual({
      role: 'staff',
      provider: 'phone',
      providers: ['phone'],
    });
  });

  it('refuses a wrong code with 403 otp_expired and keeps the right one usable', async () => {
    const phone = newPhone();
    const supabase = client();
    await supabase.auth.signInWithOtp({ phone });
    const code = await latestCode(target, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await supabase.auth.verifyOtp({ phone, token: wrong, type: 'sms' });
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    expect((await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toBeNull();
  });

  it('refuses a code that was already used', async () => {
    const phone = newPhone();
    const supabase = client();
    await signInByPhone(supabase, phone);
    const again = await supabase.auth.verifyOtp({
      phone,
      token: await latestCode(target, phone),
      type: 'sms',
    });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('does not sign an unknown phone up when create_user is false', async () => {
    const phone = newPhone();
    const { error } = await client().auth.signInWithOtp({
      phone,
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(await stack.sql`select 1 from auth.users where phone = ${phone.slice(1)}`).toHaveLength(
      0,
    );
  });
});

describe('anonymous sign-ins (kiosks)', () => {
  it('creates an anonymous user with is_anonymous, amr anonymous and empty app_metadata', async () => {
    const { data, error } = await client().auth.signInAnonymously();
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      aud: 'authenticated',
      phone: '',
      app_metadata: {},
    });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
    expect(data.user).toMatchObject({ is_anonymous: true, identities: [], app_metadata: {} });
  });
});

describe('sessions', () => {
  it('rotates the refresh token within the same session, keeping how the session signed in', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    const { data, error } = await supabase.auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    const before = decodeJwt(session.access_token);
    const after = decodeJwt(data.session!.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    expect((await client().auth.getUser(data.session!.access_token)).error).toBeNull();
  });

  it('answers a retry of the last used token with the same new token, as GoTrue does', async () => {
    const session = await signInByPhone(client(), newPhone());
    const first = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    const retry = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('refuses an older refresh token as already used and then ends the whole session', async () => {
    const session = await signInByPhone(client(), newPhone());
    const second = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await client().auth.refreshSession({
      refresh_token: second.data.session!.refresh_token,
    });
    expect(third.error).toBeNull();
    const replay = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Reuse detection: the newest token of that family no longer works either.
    const latest = await client().auth.refreshSession({
      refresh_token: third.data.session!.refresh_token,
    });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('answers getUser for a valid access token', async () => {
    const session = await signInByPhone(client(), newPhone());
    const { data, error } = await client().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, phone: session.user.phone });
  });

  it('verifies claims locally through the JWKS and rejects tokens signed by another key', async () => {
    const session = await signInByPhone(client(), newPhone());
    const good = await client().auth.getClaims(session.access_token);
    expect(good.error).toBeNull();
    expect(good.data!.claims.sub).toBe(session.user.id);

    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = decodeProtectedHeader(session.access_token);
    for (const header of [{ kid }, { kid: 'unknown-key' }]) {
      const forged = await new SignJWT({ ...decodeJwt(session.access_token) })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header })
        .sign(privateKey);
      const bad = await client().auth.getClaims(forged);
      expect(bad.data).toBeNull();
      expect(bad.error).not.toBeNull();
    }
  });

  it('updates user_metadata through updateUser', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    await supabase.auth.setSession(session);
    const { data, error } = await supabase.auth.updateUser({ data: { name: 'Ada' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ name: 'Ada' });
  });

  it('signs out: the refresh token and the session stop working', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    await supabase.auth.setSession(session);
    expect((await supabase.auth.signOut()).error).toBeNull();
    // supabase-js turns GoTrue's 403 session_not_found into AuthSessionMissingError.
    const user = await client().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it("signs out other sessions only with scope 'others'", async () => {
    const phone = newPhone();
    const here = client();
    const first = await signInByPhone(here, phone);
    const second = await signInByPhone(client(), phone);
    await here.auth.setSession(first);
    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client().auth.getUser(first.access_token)).error).toBeNull();
    expect((await client().auth.getUser(second.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
  });
});
