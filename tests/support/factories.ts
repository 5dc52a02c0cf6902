// Database-level fixtures: Auth users of each role, the claims a caller carries, and acting as
// that caller inside a transaction exactly as the api function does (role + request.jwt.claims).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../dev/db.ts';
import type postgres from 'postgres';

export type Claims = Record<string, unknown>;
export type Tx = postgres.TransactionSql;

export const ADMIN_USER_ID = '00000000-0000-4000-8000-000000000001';

export const anonClaims: Claims = { role: 'anon' };

export function adminClaims(): Claims {
  return userClaims(ADMIN_USER_ID, { phone: '15555550100', appMetadata: { role: 'admin' } });
}

export function userClaims(
  userId: string,
  options: { phone?: string; anonymous?: boolean; appMetadata?: Record<string, unknown> } = {},
): Claims {
  return {
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    phone: options.phone ?? '',
    is_anonymous: options.anonymous ?? false,
    app_metadata: options.appMetadata ?? (options.anonymous ? {} : { provider: 'phone' }),
  };
}

/** An Auth user (as Supabase Auth would create it); returns its id and claims. */
export async function createAuthUser(
  sql: Sql,
  options: { phone?: string; anonymous?: boolean; appMetadata?: Record<string, unknown> } = {},
): Promise<{ id: string; claims: Claims }> {
  const id = randomUUID();
  const appMetadata = options.appMetadata ?? (options.anonymous ? {} : { provider: 'phone' });
  await sql`insert into auth.users (id, aud, role, phone, is_anonymous, raw_app_meta_data)
            values (${id}, 'authenticated', 'authenticated', ${options.phone ?? null},
                    ${options.anonymous ?? false}, ${sql.json(appMetadata as never)})`;
  return { id, claims: userClaims(id, { ...options, appMetadata }) };
}

/** Runs `work` as the caller with these claims, in one transaction (committed). */
export async function actAs<T>(sql: Sql, claims: Claims, work: (tx: Tx) => Promise<T>, demoMode = false): Promise<T> {
  const role = claims.role === 'anon' ? 'anon' : 'authenticated';
  const result = await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('app.demo_mode', ${demoMode ? 'on' : 'off'}, true)`;
    await tx.unsafe(`set local role ${role}`);
    return work(tx);
  });
  return result as T;
}

const ROLLBACK = Symbol('rollback');

/** Like actAs, but always rolls back: for probing what a caller could do. */
export async function tryAs<T>(sql: Sql, claims: Claims, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await actAs(sql, claims, async (tx) => {
      result = await work(tx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result as T;
}

let phoneCounter = 0;
/** A 10-digit US phone no other fixture in this process uses. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `415${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A member: an Auth user signed in by phone, linked to a new customer. */
export async function createMember(sql: Sql, name = 'Member') {
  const phone = nextPhone();
  const user = await createAuthUser(sql, { phone: `1${phone}` });
  const customerId = await actAs(sql, user.claims, async (tx) => {
    const [row] = await tx`select customer_id from app.create_customer(${name}, ${phone}, null, true, false, null, 'web')`;
    return row!.customer_id as string;
  });
  return { userId: user.id, claims: user.claims, customerId, phone };
}

/** A kiosk: an anonymous Auth user with a kiosk session at a location. */
export async function createKiosk(sql: Sql, locationId: string) {
  const user = await createAuthUser(sql, { anonymous: true });
  const sessionId = await actAs(sql, user.claims, async (tx) => {
    const [row] = await tx`select session_id from app.open_kiosk_session(${locationId}, 'test kiosk')`;
    return row!.session_id as string;
  });
  return { userId: user.id, claims: user.claims, sessionId };
}

export async function createStaff(sql: Sql, locationId: string) {
  const user = await createAuthUser(sql, { phone: `1${nextPhone()}`, appMetadata: { role: 'staff', location_id: locationId } });
  return { userId: user.id, claims: user.claims };
}

/** Starts a check-in token for a customer, as the member (mobile QR). */
export async function startMobileCheckin(sql: Sql, memberClaims: Claims, locationId: string): Promise<string> {
  return actAs(sql, memberClaims, async (tx) => {
    const [row] = await tx`select token from app.start_checkin(${locationId}, null)`;
    return row!.token as string;
  });
}

/** Sets the minimum interval between visits at one business (seconds), as an operator. */
export async function setMinVisitInterval(sql: Sql, seconds: number) {
  await sql`update private.settings set min_visit_interval = make_interval(secs => ${seconds})`;
}

/** The SQLSTATE of a rejected promise (e.g. 'LY409', '42501'), or 'ok'. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
