// Signing in against Supabase Auth over its HTTP contract (what supabase-js sends), plus the
// local stand-in's dev SMS outbox, where the codes it "sends" can be read.
import { AuthSession } from '../../supabase/functions/_shared/contract.ts';

export interface AuthServer {
  /** The project URL: Auth answers under `${url}/auth/v1`. */
  url: string;
  anonKey: string;
}

async function post(server: AuthServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${server.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
}

async function session(response: Response, what: string): Promise<AuthSession> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return AuthSession.parse(await response.json());
}

/** signInAnonymously(): a kiosk device's Auth user and session. */
export async function signInAnonymously(server: AuthServer): Promise<AuthSession> {
  return session(await post(server, '/signup', { data: {} }), 'anonymous sign-in');
}

/** The newest code the stand-in texted to `phone` (10 digits). */
export async function latestSmsCode(server: AuthServer, phone: string): Promise<string> {
  const response = await fetch(`${server.url}/auth/v1/dev/sms?phone=1${phone}`, {
    headers: { apikey: server.anonKey },
  });
  if (!response.ok) throw new Error(`dev sms outbox: ${response.status} ${await response.text()}`);
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  const code = messages.at(-1)?.code;
  if (!code) throw new Error(`no SMS was sent to ${phone}`);
  return code;
}

/** signInWithOtp + verifyOtp straight against Auth (staff and admins, who need no customer). */
export async function signInWithPhone(server: AuthServer, phone: string): Promise<AuthSession> {
  const sent = await post(server, '/otp', { phone: `+1${phone}`, create_user: true, channel: 'sms' });
  if (!sent.ok) throw new Error(`send code failed: ${sent.status} ${await sent.text()}`);
  const code = await latestSmsCode(server, phone);
  return session(await post(server, '/verify', { phone: `+1${phone}`, token: code, type: 'sms' }), 'verify');
}

/**
 * A phone + password sign-up (GoTrue POST /signup). With SMS confirmations off the stand-in, like
 * GoTrue, answers a session at once (amr password) without any code: the session the API must
 * not trust with a phone.
 */
export async function signUpWithPassword(server: AuthServer, phone: string, password: string): Promise<AuthSession> {
  return session(await post(server, '/signup', { phone: `+1${phone}`, password }), 'password sign-up');
}

/**
 * A phone change through Auth's own endpoints, as any signed-in user may make it (GoTrue's
 * UserUpdate): PUT /user {phone} sends a code to the new phone, POST /verify {type:
 * 'phone_change'} confirms it and answers a new session. The old session stays.
 */
export async function changePhoneThroughAuth(
  server: AuthServer,
  accessToken: string,
  newPhone: string,
): Promise<AuthSession> {
  const headers = {
    apikey: server.anonKey,
    authorization: `Bearer ${accessToken}`,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  };
  const asked = await fetch(`${server.url}/auth/v1/user`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ phone: `+1${newPhone}` }),
  });
  if (!asked.ok) throw new Error(`phone change failed: ${asked.status} ${await asked.text()}`);
  const code = await latestSmsCode(server, newPhone);
  const verified = await fetch(`${server.url}/auth/v1/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone: `+1${newPhone}`, token: code, type: 'phone_change' }),
  });
  return session(verified, 'phone change verify');
}

/** POST /token?grant_type=refresh_token: the status Auth answers a refresh with. */
export async function refreshStatus(server: AuthServer, refreshToken: string): Promise<number> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return response.status;
}
