// Test data through the app's own API (via the Vite proxy) and the Auth stand-in, as real
// callers make it: customers sign up, an admin approves visits by scanning member cards.
import { APP, STACK } from './dev-app.ts';

let counter = 0;
/** A phone no other call of this run uses (the 312 area code, a per-process offset). */
export function nextPhone(): string {
  counter += 1;
  return `312${String(4_000_000 + (process.pid % 1000) * 1000 + counter).padStart(7, '0')}`;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${APP}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** `api` for set-up calls that must succeed: the answer's body, or an error for a non-2xx. */
export async function apiOk<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const { status, body } = await api<T>(method, path, options);
  if (status < 200 || status > 299)
    throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}

async function authPost(anonKey: string, path: string, body: unknown) {
  const response = await fetch(`${STACK}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`auth ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ access_token: string; user: { id: string } }>;
}

/** The demo admin's access token (test code 123456 from supabase/config.toml). */
export async function demoAdminToken(anonKey: string): Promise<string> {
  const otp = () =>
    authPost(anonKey, '/otp', { phone: '+15555550100', create_user: false, channel: 'sms' });
  // Two tests may ask within the phone's max_frequency ([auth.sms] in supabase/config.toml):
  // wait out the seconds the answer names (rounded down), once.
  await otp().catch(async (error: Error) => {
    if (!/over_sms_send_rate_limit/.test(error.message)) throw error;
    const seconds = Number(/after (\d+) seconds/.exec(error.message)?.[1] ?? 5);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    await otp();
  });
  const session = await authPost(anonKey, '/verify', {
    phone: '+15555550100',
    token: '123456',
    type: 'sms',
  });
  return session.access_token;
}

/** The newest sign-in code the stand-in "texted" to a phone (its dev outbox). */
export async function latestCode(anonKey: string, phone: string): Promise<string> {
  const response = await fetch(`${STACK}/auth/v1/dev/sms?phone=1${phone}`, {
    headers: { apikey: anonKey },
  });
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  const code = messages.at(-1)?.code;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export async function signUp(
  name: string,
  phone = nextPhone(),
): Promise<{ id: string; name: string; phone: string }> {
  const { status, body } = await api<{ customer: { id: string } }>('POST', '/api/customers', {
    body: { name, phone, smsConsent: false, emailConsent: false },
  });
  if (status !== 201) throw new Error(`sign-up: ${status} ${JSON.stringify(body)}`);
  return { id: body.customer.id, name, phone };
}

/** A visit approved by the admin scanning the member's card at a location. */
export async function recordVisit(adminToken: string, customerId: string, locationId: string) {
  const { status, body } = await api('POST', '/api/visits/approve', {
    token: adminToken,
    body: { token: `customer:${customerId}`, locationId },
  });
  if (status !== 200) throw new Error(`approve: ${status} ${JSON.stringify(body)}`);
  return body as { visitId: string; totalPoints: number };
}

/** A kiosk (anonymous Auth user, demo mode) at a location starts a check-in by phone: its token. */
export async function kioskCheckinToken(
  anonKey: string,
  locationId: string,
  phone: string,
): Promise<string> {
  const kiosk = await authPost(anonKey, '/signup', { data: {} });
  const opened = await api('POST', '/api/kiosk/session', {
    token: kiosk.access_token,
    body: { locationId, deviceFingerprint: 'playwright' },
  });
  if (opened.status !== 200 && opened.status !== 201)
    throw new Error(`kiosk session: ${opened.status} ${JSON.stringify(opened.body)}`);
  const started = await api<{ token: string }>('POST', '/api/checkin/start', {
    token: kiosk.access_token,
    body: { locationId, phone },
  });
  if (started.status !== 201)
    throw new Error(`check-in start: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.token;
}
