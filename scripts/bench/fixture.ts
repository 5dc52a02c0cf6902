// The bench's programme: a throwaway database seeded by tests/bench/seed.sql (the
// set-based seed, stretched to two years and scaled down for --quick), then the callers the
// phases need — an admin, signed-in members, enrolled kiosks — made set-based, with sessions
// and ES256 access tokens signed by the key the bench server verifies with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type Sql } from '../../dev/db.ts';
import { signJwt, type SigningKeys } from '../../dev/keys.ts';

export interface Scale {
  customers: number;
  visits: number;
  members: number;
  kiosks: number;
}

/** tests/bench/seed.sql with this scale: its literals are the 100k / 1M / one-year figures. */
export function scaledSeed(scale: Scale): string {
  const swaps: [string, string][] = [
    ['generate_series(1, 100000)', `generate_series(1, ${scale.customers})`],
    ['random() * 100000', `random() * ${scale.customers}`],
    ['generate_series(1, 1000000)', `generate_series(1, ${scale.visits})`],
    // Two years of visits (the issue's volume); members joined up to a month before.
    ["interval '365 days' * x.r", "interval '730 days' * x.r"],
    ["interval '400 days' * random()", "interval '760 days' * random()"],
  ];
  let sql = readFileSync(join(ROOT, 'tests', 'bench', 'seed.sql'), 'utf8');
  // Each literal through a placeholder first: at 1M customers the first swap writes the visits'
  // literal, which the third would then swap again.
  for (const [i, [from]] of swaps.entries()) {
    if (!sql.includes(from)) throw new Error(`tests/bench/seed.sql changed: "${from}" not found`);
    sql = sql.replaceAll(from, `\u0000${i}\u0000`);
  }
  for (const [i, [, to]] of swaps.entries()) sql = sql.replaceAll(`\u0000${i}\u0000`, to);
  return sql;
}

export interface Caller {
  userId: string;
  token: string;
}
export interface Kiosk extends Caller {
  kioskSessionId: string;
  locationId: string;
}
export interface Customer {
  id: string;
  /** The 10 digits a kiosk types. */
  digits: string;
}

export interface Actors {
  admin: Caller;
  members: Caller[];
  kiosks: Kiosk[];
  /** Customers without a sign-in, each checked in at most once by the bench (the visit limits). */
  customers: Customer[];
}

async function token(
  keys: SigningKeys,
  issuer: string,
  userId: string,
  sessionId: string,
  extra: Record<string, unknown>,
) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(keys, {
    iss: issuer,
    aud: 'authenticated',
    role: 'authenticated',
    sub: userId,
    session_id: sessionId,
    iat: now,
    exp: now + 3600,
    aal: 'aal1',
    ...extra,
  });
}

export async function createActors(
  sql: Sql,
  keys: SigningKeys,
  apiUrl: string,
  scale: Scale,
): Promise<Actors> {
  const issuer = `${apiUrl}/auth/v1`;
  const amr = (method: string) => [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const [admin] = await sql<{ user_id: string; session_id: string }[]>`
    with a as (select gen_random_uuid() as user_id, gen_random_uuid() as session_id),
    u as (insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data)
          select user_id, 'authenticated', 'authenticated', '15555550999', now(), '{"provider":"phone","role":"admin"}' from a)
    insert into auth.sessions (id, user_id) select session_id, user_id from a returning id as session_id, user_id`;
  const members = await sql<{ user_id: string; session_id: string; phone: string }[]>`
    with p as (select id as customer_id, substr(phone, 2) as phone, gen_random_uuid() as user_id, gen_random_uuid() as session_id
                 from public.customers order by visit_count desc, id limit ${scale.members}),
    u as (insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data)
          select user_id, 'authenticated', 'authenticated', phone, now(), '{"provider":"phone"}' from p),
    s as (insert into auth.sessions (id, user_id) select session_id, user_id from p)
    update public.customers c set user_id = p.user_id from p where c.id = p.customer_id
    returning p.user_id, p.session_id, p.phone`;
  const kiosks = await sql<
    { user_id: string; session_id: string; kiosk_session_id: string; location_id: string }[]
  >`
    with l as (select array_agg(id order by sort_order, id) as ids from public.locations),
    k as (select gen_random_uuid() as user_id, gen_random_uuid() as session_id, gen_random_uuid() as kiosk_session_id,
                 l.ids[1 + g % cardinality(l.ids)] as location_id from generate_series(1, ${scale.kiosks}) g, l),
    u as (insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data)
          select user_id, 'authenticated', 'authenticated', true, '{}' from k),
    s as (insert into auth.sessions (id, user_id) select session_id, user_id from k)
    insert into public.kiosk_sessions (id, user_id, location_id, device_fingerprint, enrolled_at)
    select kiosk_session_id, user_id, location_id, 'bench kiosk', now() from k
    returning user_id, (select session_id from k where k.user_id = kiosk_sessions.user_id), id as kiosk_session_id, location_id`;
  const customers = await sql<Customer[]>`
    select id, substr(phone, 3) as digits from public.customers where user_id is null order by random()`;
  const adminToken = await token(keys, issuer, admin!.user_id, admin!.session_id, {
    phone: '15555550999',
    is_anonymous: false,
    app_metadata: { provider: 'phone', role: 'admin' },
    amr: amr('otp'),
  });
  return {
    admin: { userId: admin!.user_id, token: adminToken },
    members: await Promise.all(
      members.map(async (m) => ({
        userId: m.user_id,
        token: await token(keys, issuer, m.user_id, m.session_id, {
          phone: m.phone,
          is_anonymous: false,
          app_metadata: { provider: 'phone' },
          amr: amr('otp'),
        }),
      })),
    ),
    kiosks: await Promise.all(
      kiosks.map(async (k) => ({
        userId: k.user_id,
        kioskSessionId: k.kiosk_session_id,
        locationId: k.location_id,
        token: await token(keys, issuer, k.user_id, k.session_id, {
          phone: '',
          is_anonymous: true,
          app_metadata: {},
          amr: amr('anonymous'),
        }),
      })),
    ),
    customers: [...customers],
  };
}

/**
 * Check-in tokens issued beforehand (as app.start_checkin stores them: SHA-256 only), one per
 * (kiosk, customer) pair, so a phase can time approvals alone.
 */
export async function issueTokens(
  sql: Sql,
  pairs: { kiosk: Kiosk; customer: Customer }[],
): Promise<string[]> {
  if (pairs.length === 0) return [];
  const rows = await sql<{ token: string }[]>`
    with t as (
      select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token, x.*
        from unnest(${pairs.map((p) => p.customer.id)}::uuid[], ${pairs.map((p) => p.kiosk.locationId)}::text[],
                    ${pairs.map((p) => p.kiosk.userId)}::uuid[], ${pairs.map((p) => p.kiosk.kioskSessionId)}::uuid[],
                    ${pairs.map((_, i) => i)}::int[])
             as x(customer_id, location_id, user_id, kiosk_session_id, n))
    , i as (insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, issued_by_user_id, kiosk_session_id, expires_at)
            select sha256(convert_to(token, 'UTF8')), customer_id, location_id, 'kiosk', user_id, kiosk_session_id, now() + interval '15 minutes'
              from t)
    select token from t order by n`;
  return rows.map((r) => r.token);
}
