// The whole programme against a running stack, driven by the real supabase-js client: a kiosk
// signs in anonymously and opens a session, signs a customer up and starts a check-in; the demo
// admin (test OTP) approves it; a second visit reaches 10 points and unlocks Silver; the member
// logs in through /api/auth/send-code + /api/auth/verify with the code from the dev outbox,
// reads /api/me and redeems a reward once. It approves two visits of one member seconds apart:
// run it on a stack whose private.settings.min_visit_gap_anywhere is 0 (it is 1 minute by default).
// Usage: `npm run stack` in one terminal, then `node --import tsx scripts/demo-flow.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';

export interface DemoFlowResult {
  customerId: string;
  pointsAfterFirstVisit: number;
  pointsAfterSecondVisit: number;
  unlockedAtTenPoints: string[];
  meTier: string;
  meTotalPoints: number;
  redeemedReward: string;
  secondRedeemStatus: number;
}

function client(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket and this flow uses no realtime channel.
    realtime: { transport: class {} as unknown as typeof WebSocket },
  });
}

/** Calls the api function through supabase-js (functions.invoke carries the session's token). */
async function api<T>(supabase: SupabaseClient, path: string, init: { method?: 'GET' | 'POST'; body?: unknown; token?: string } = {}) {
  const { data, error } = await supabase.functions.invoke<T>(`api/${path}`, {
    method: init.method ?? 'POST',
    body: init.body as Record<string, unknown> | undefined,
    headers: init.token ? { Authorization: `Bearer ${init.token}` } : undefined,
  });
  if (error) {
    const status = error instanceof FunctionsHttpError ? (error.context as Response).status : 0;
    const text = error instanceof FunctionsHttpError ? await (error.context as Response).text() : error.message;
    throw Object.assign(new Error(`${path}: ${status} ${text}`), { status });
  }
  return data as T;
}

export async function runDemoFlow(options: { url: string; anonKey: string; log?: (line: string) => void }): Promise<DemoFlowResult> {
  const { url, anonKey } = options;
  const log = options.log ?? (() => {});
  const phone = `312${String(Date.now()).slice(-7)}`;

  const kiosk = client(url, anonKey);
  const anonymous = await kiosk.auth.signInAnonymously();
  if (anonymous.error) throw anonymous.error;
  const session = await api<{ session: { id: string } }>(kiosk, 'kiosk/session', { body: { locationId: 'creamery', deviceFingerprint: 'demo-flow script' } });
  log(`kiosk signed in anonymously; session ${session.session.id} at creamery`);

  const signup = await api<{ customer: { id: string }; welcomeReward: { name: string } | null }>(kiosk, 'customers', {
    body: { name: 'Dana Demo', phone, smsConsent: true, emailConsent: false, locationId: 'creamery' },
  });
  log(`customer ${signup.customer.id} signed up; welcome reward here: ${signup.welcomeReward?.name}`);

  const checkin = await api<{ token: string }>(kiosk, 'checkin/start', { body: { locationId: 'creamery', phone } });
  log('kiosk started a check-in by phone');

  const admin = client(url, anonKey);
  const otp = await admin.auth.signInWithOtp({ phone: '+15555550100' });
  if (otp.error) throw otp.error;
  const adminSession = await admin.auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
  if (adminSession.error) throw adminSession.error;
  log('demo admin signed in with the test OTP');

  const first = await api<{ totalPoints: number; unlockedRewards: { name: string }[] }>(admin, 'visits/approve', { body: { token: checkin.token } });
  log(`visit approved: ${first.totalPoints} points, unlocked ${first.unlockedRewards.map((r) => r.name).join(', ')}`);

  const second = await api<{ totalPoints: number; unlockedRewards: { name: string }[] }>(admin, 'visits/approve', {
    body: { token: `customer:${signup.customer.id}`, locationId: 'joanies' },
  });
  log(`member card approved at joanies: ${second.totalPoints} points, unlocked ${second.unlockedRewards.map((r) => r.name).join(', ')}`);

  const member = client(url, anonKey);
  await api(member, 'auth/send-code', { body: { phone } });
  const outbox = await fetch(`${url}/auth/v1/dev/sms?phone=${phone}`, { headers: { apikey: anonKey } });
  const { messages } = (await outbox.json()) as { messages: { code: string }[] };
  const code = messages.at(-1)!.code;
  const verified = await api<{ session: { access_token: string } }>(member, 'auth/verify', { body: { phone, code } });
  const token = verified.session.access_token;
  log('member signed in with the code from the dev SMS outbox');

  const me = await api<{ totalPoints: number; tier: { name: string }; rewards: { id: string; status: string; reward: { name: string } }[] }>(
    member, 'me', { method: 'GET', token },
  );
  log(`/api/me: ${me.totalPoints} points, ${me.tier.name}, rewards ${me.rewards.map((r) => `${r.reward.name} (${r.status})`).join(', ')}`);

  const silver = me.rewards.find((r) => r.reward.name === '$5 Off Any Business');
  if (!silver) throw new Error('the Silver reward is not unlocked');
  // Redeemed at a counter: the member shows a 2-minute code, the counter confirms it.
  const shown = await api<{ code: string }>(member, 'rewards/redemption-code', { body: { customerRewardId: silver.id }, token });
  await api(admin, 'rewards/redeem-code', { body: { code: shown.code, locationId: 'joanies' } });
  let secondRedeemStatus = 200;
  try {
    await api(admin, 'rewards/redeem-code', { body: { code: shown.code, locationId: 'joanies' } });
  } catch (error) {
    secondRedeemStatus = (error as { status: number }).status;
  }
  log(`redeemed ${silver.reward.name} with code ${shown.code} at joanies; the same code again answered ${secondRedeemStatus}`);

  return {
    customerId: signup.customer.id,
    pointsAfterFirstVisit: first.totalPoints,
    pointsAfterSecondVisit: second.totalPoints,
    unlockedAtTenPoints: second.unlockedRewards.map((r) => r.name),
    meTier: me.tier.name,
    meTotalPoints: me.totalPoints,
    redeemedReward: silver.reward.name,
    secondRedeemStatus,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = readFileSync(join(import.meta.dirname, '..', '.env.local'), 'utf8');
  const read = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(env)?.[1] ?? '';
  await runDemoFlow({ url: read('VITE_SUPABASE_URL'), anonKey: read('VITE_SUPABASE_ANON_KEY'), log: (l) => console.log(`- ${l}`) });
  console.log('The whole flow worked.');
}
