// The auth stand-in driven by the real supabase-js client: what the app and the api function
// rely on from Supabase Auth (phone OTP, anonymous sign-in, refresh, user, claims, sign-out).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT, generateKeyPair } from 'jose';
import { startStack, type Stack } from '../stack.ts';

let stack: Stack;

// Node 20 has no WebSocket and these tests use no realtime channel: give realtime an inert transport.
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: class {} as unknown as typeof WebSocket },
};

function client(): SupabaseClient {
  return createClient(stack.url, stack.anonKey, options);
}

async function latestCode(phone: string): Promise<string> {
  const response = await fetch(`${stack.url}/auth/v1/dev/sms?phone=${phone}`, { headers: { apikey: stack.anonKey } });
  const body = (await response.json()) as { messages: { code: string }[] };
  const code = body.messages.at(-1)?.code;
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

let phoneCounter = 0;
function newPhone(): string {
  phoneCounter += 1;
  return `555${String(2000000 + phoneCounter).padStart(7, '0')}`;
}

async function signInByPhone(supabase: SupabaseClient, phone: string) {
  const sent = await supabase.auth.signInWithOtp({ phone: `+1${phone}` });
  expect(sent.error).toBeNull();
  const { data, error } = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: await latestCode(phone), type: 'sms' });
  expect(error).toBeNull();
  return data.session!;
}

beforeAll(async () => {
  stack = await startStack({
    port: 0,
    dataDir: null,
    quiet: true,
    authSettings: { smsMaxFrequencySeconds: 0 },
  });
});

afterAll(async () => {
  await stack.stop();
});

describe('phone one-time codes', () => {
  it('signs a new member in with the code from the dev outbox, with GoTrue claims', async () => {
    const phone = newPhone();
    const session = await signInByPhone(client(), phone);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      phone: `1${phone}`,
      is_anonymous: false,
      aal: 'aal1',
      iss: `${stack.url}/auth/v1`,
      app_metadata: { provider: 'phone', providers: ['phone'] },
    });
    expect(claims.sub).toBe(session.user.id);
    expect(typeof claims.session_id).toBe('string');
    expect((claims.amr as { method: string }[])[0]!.method).toBe('otp');
    expect(session.user.phone).toBe(`1${phone}`);
    expect(session.user.phone_confirmed_at).toBeTruthy();
  });

  it('keeps sent messages in the outbox, newest last, with the SMS template', async () => {
    const phone = newPhone();
    const supabase = client();
    await supabase.auth.signInWithOtp({ phone: `+1${phone}` });
    await supabase.auth.signInWithOtp({ phone: `+1${phone}` });
    const response = await fetch(`${stack.url}/auth/v1/dev/sms?phone=${phone}`, { headers: { apikey: stack.anonKey } });
    const { messages } = (await response.json()) as { messages: { phone: string; code: string; body: string; sentAt: string }[] };
    expect(messages).toHaveLength(2);
    expect(messages[1]!.body).toBe(`Your Village Rewards code is ${messages[1]!.code}`);
    expect(messages[1]!.code).toMatch(/^\d{6}$/);
    expect(Date.parse(messages[1]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[0]!.sentAt));
    // Only the newest code works.
    const stale = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: messages[0]!.code, type: 'sms' });
    if (messages[0]!.code !== messages[1]!.code) expect(stale.error?.code).toBe('otp_expired');
  });

  it('accepts the fixed test code of the demo admin and carries the admin role claim', async () => {
    const supabase = client();
    expect((await supabase.auth.signInWithOtp({ phone: '+15555550100' })).error).toBeNull();
    const { data, error } = await supabase.auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
  });

  it('refuses a wrong code with otp_expired and does not consume the right one', async () => {
    const phone = newPhone();
    const supabase = client();
    await supabase.auth.signInWithOtp({ phone: `+1${phone}` });
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: wrong, type: 'sms' });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('otp_expired');
    const accepted = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: code, type: 'sms' });
    expect(accepted.error).toBeNull();
  });

  it('refuses a code that was already used', async () => {
    const phone = newPhone();
    const supabase = client();
    await signInByPhone(supabase, phone);
    const again = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: await latestCode(phone), type: 'sms' });
    expect(again.error?.code).toBe('otp_expired');
  });
});

describe('settings from config.toml', () => {
  it('refuses an expired code and rate-limits resends per max_frequency', async () => {
    const strict = await startStack({
      port: 0,
      dataDir: null,
      quiet: true,
      authSettings: { otpExpirySeconds: 0, smsMaxFrequencySeconds: 60, enableAnonymousSignIns: false },
    });
    try {
      const supabase = createClient(strict.url, strict.anonKey, options);
      const phone = newPhone();
      expect((await supabase.auth.signInWithOtp({ phone: `+1${phone}` })).error).toBeNull();
      const outbox = await fetch(`${strict.url}/auth/v1/dev/sms?phone=${phone}`, { headers: { apikey: strict.anonKey } });
      const code = ((await outbox.json()) as { messages: { code: string }[] }).messages[0]!.code;
      const expired = await supabase.auth.verifyOtp({ phone: `+1${phone}`, token: code, type: 'sms' });
      expect(expired.error?.code).toBe('otp_expired');

      const resend = await supabase.auth.signInWithOtp({ phone: `+1${phone}` });
      expect(resend.error?.status).toBe(429);
      expect(resend.error?.code).toBe('over_sms_send_rate_limit');

      const anonymous = await supabase.auth.signInAnonymously();
      expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
    } finally {
      await strict.stop();
    }
  });
});

describe('anonymous sign-ins (kiosks)', () => {
  it('creates an anonymous user with is_anonymous and amr anonymous', async () => {
    const { data, error } = await client().auth.signInAnonymously();
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aud: 'authenticated', phone: '' });
    expect((claims.amr as { method: string }[])[0]!.method).toBe('anonymous');
    expect(data.user!.is_anonymous).toBe(true);
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and refuses a used one', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    const refreshed = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    const reused = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.code).toBe('refresh_token_already_used');
    const unknown = await client().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('answers getUser for a valid access token', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    const { data, error } = await supabase.auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(session.user.id);
  });

  it('verifies claims locally through the JWKS and rejects a token signed by another key', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    const good = await supabase.auth.getClaims(session.access_token);
    expect(good.error).toBeNull();
    expect(good.data!.claims.sub).toBe(session.user.id);

    const { privateKey } = await generateKeyPair('ES256');
    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    const forged = await new SignJWT({ ...decodeJwt(session.access_token) })
      .setProtectedHeader({ alg: 'ES256', kid: jwks.keys[0]!.kid, typ: 'JWT' })
      .sign(privateKey);
    const bad = await supabase.auth.getClaims(forged);
    expect(bad.error).not.toBeNull();
  });

  it('signs out: the refresh token and the session stop working', async () => {
    const supabase = client();
    const session = await signInByPhone(supabase, newPhone());
    await supabase.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect((await supabase.auth.signOut()).error).toBeNull();
    const user = await client().auth.getUser(session.access_token);
    // supabase-js turns GoTrue's 403 session_not_found into AuthSessionMissingError.
    expect(user.error?.name).toBe('AuthSessionMissingError');
    expect(user.data.user).toBeNull();
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(raw.status).toBe(403);
    expect(((await raw.json()) as { error_code: string }).error_code).toBe('session_not_found');
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).not.toBeNull();
  });

  it('requires an apikey or bearer token like the API gateway', async () => {
    const response = await fetch(`${stack.url}/auth/v1/user`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error_code: string }).error_code).toBe('no_authorization');
  });
});
