// Database-level fixtures: Auth users of each role, the claims a caller carries, and acting as
// that caller inside a transaction exactly as the api function does (role + request.jwt.claims),
// plus the app functions' calls (sign-up, check-in, approval, redemption) as typed one-liners.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../dev/db.ts';
import type postgres from 'postgres';

/** The access-token claims the database reads (Supabase Auth issues more; these matter here). */
export interface Claims {
  role: 'anon' | 'authenticated';
  sub?: string;
  aud?: string;
  phone?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}
export type Tx = postgres.TransactionSql;

export const ADMIN_USER_ID = '00000000-0000-4000-8000-000000000001';

export const anonClaims: Claims = { role: 'anon' };

interface UserOptions {
  /** Digits with the country code and no '+', as Supabase Auth stores phones ('1312...'). */
  phone?: string;
  anonymous?: boolean;
  appMetadata?: Record<string, unknown>;
  /**
   * How the session was made (the JWT's amr methods): 'otp' for a verified SMS code (the
   * default for signed-in users), 'anonymous' for kiosks, 'password' for a phone + password
   * sign-up that never proved the phone.
   */
  amr?: string[];
}

export function userClaims(userId: string, options: UserOptions = {}): Claims {
  const methods = options.amr ?? [options.anonymous ? 'anonymous' : 'otp'];
  return {
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    phone: options.phone ?? '',
    is_anonymous: options.anonymous ?? false,
    app_metadata: options.appMetadata ?? (options.anonymous ? {} : { provider: 'phone' }),
    amr: methods.map((method) => ({ method, timestamp: Math.floor(Date.now() / 1000) })),
  };
}

/** A member signed in by phone OTP. */
export function memberClaims(userId: string, phone: string): Claims {
  return userClaims(userId, { phone });
}

/** A kiosk: an anonymous sign-in (no phone, empty app_metadata). */
export function kioskClaims(userId: string): Claims {
  return userClaims(userId, { anonymous: true });
}

/** Staff of one location: the role and location come from app_metadata, which users cannot edit. */
export function staffClaims(userId: string, locationId: string, phone = ''): Claims {
  return userClaims(userId, {
    phone,
    appMetadata: { provider: 'phone', role: 'staff', location_id: locationId },
  });
}

/** An admin; by default the demo admin that supabase/seed-demo.sql creates. */
export function adminClaims(userId = ADMIN_USER_ID, phone = '15555550100'): Claims {
  return userClaims(userId, { phone, appMetadata: { provider: 'phone', role: 'admin' } });
}

/** An Auth user (as Supabase Auth would create it); returns its id and claims. */
export async function createAuthUser(
  sql: Sql,
  options: UserOptions = {},
): Promise<{ id: string; claims: Claims }> {
  const id = randomUUID();
  const appMetadata = options.appMetadata ?? (options.anonymous ? {} : { provider: 'phone' });
  await sql`insert into auth.users (id, aud, role, phone, is_anonymous, raw_app_meta_data)
            values (${id}, 'authenticated', 'authenticated', ${options.phone ?? null},
                    ${options.anonymous ?? false}, ${sql.json(appMetadata as postgres.JSONValue)})`;
  return { id, claims: userClaims(id, { ...options, appMetadata }) };
}

/** Runs `work` as the caller with these claims, in one transaction (committed). */
export async function actAs<T>(
  sql: Sql,
  claims: Claims,
  work: (tx: Tx) => Promise<T>,
  demoMode = false,
): Promise<T> {
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

export interface CreatedCustomer {
  customerId: string;
  /** The 10 digits the customer typed. */
  phone: string;
  welcomeRewardName: string | null;
}

/** Signs a customer up through app.create_customer, as a visitor unless `as` says who. */
export async function createCustomer(
  sql: Sql,
  options: {
    name?: string;
    phone?: string;
    locationId?: string;
    smsConsent?: boolean;
    smsConsentWording?: string;
    as?: Claims;
  } = {},
): Promise<CreatedCustomer> {
  const phone = options.phone ?? nextPhone();
  const [row] = await actAs(
    sql,
    options.as ?? anonClaims,
    (tx) => tx<{ result: { customer: { id: string }; welcomeReward: { name: string } | null } }[]>`
    select app.create_customer(${options.name ?? 'Customer'}, ${phone}, null, ${options.smsConsent ?? false},
                               false, ${options.locationId ?? null}, ${options.smsConsentWording ?? null}) as result`,
  );
  const result = row!.result;
  return {
    customerId: result.customer.id,
    phone,
    welcomeRewardName: result.welcomeReward?.name ?? null,
  };
}

export interface Member {
  userId: string;
  claims: Claims;
  customerId: string;
  phone: string;
}

/** A member: an Auth user signed in by phone, linked to a new customer (signed up as themselves). */
export async function createMember(sql: Sql, name = 'Member'): Promise<Member> {
  const phone = nextPhone();
  const user = await createAuthUser(sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(sql, { name, phone, as: user.claims });
  return { userId: user.id, claims: user.claims, customerId, phone };
}

export interface Kiosk {
  userId: string;
  claims: Claims;
  sessionId: string;
}

/** A kiosk: an anonymous Auth user with a kiosk session at a location (not enrolled). */
export async function createKiosk(sql: Sql, locationId: string): Promise<Kiosk> {
  const user = await createAuthUser(sql, { anonymous: true });
  const sessionId = await actAs(sql, user.claims, async (tx) => {
    const [row] = await tx<
      { id: string }[]
    >`select app.open_kiosk_session(${locationId}, 'test kiosk') #>> '{session,id}' as id`;
    return row!.id;
  });
  return { userId: user.id, claims: user.claims, sessionId };
}

/**
 * Sets a location's enrolment code as an admin. Note: a new code revokes every kiosk enrolled
 * at that location, so tests sharing a database should give each location one code.
 */
export async function setEnrolmentCode(sql: Sql, locationId: string, code: string): Promise<void> {
  await actAs(
    sql,
    adminClaims(),
    (tx) => tx`select app.set_enrolment_code(${locationId}, ${code})`,
  );
}

/** The kiosk proves its location's enrolment code (app.enrol_kiosk). */
export async function enrolKiosk(sql: Sql, kiosk: Kiosk, code: string): Promise<void> {
  await actAs(sql, kiosk.claims, (tx) => tx`select app.enrol_kiosk(${code})`);
}

export interface Staff {
  userId: string;
  claims: Claims;
}

export async function createStaff(sql: Sql, locationId: string): Promise<Staff> {
  const phone = `1${nextPhone()}`;
  const user = await createAuthUser(sql, {
    phone,
    appMetadata: { provider: 'phone', role: 'staff', location_id: locationId },
  });
  return { userId: user.id, claims: user.claims };
}

export interface CheckinToken {
  token: string;
  expiresAt: Date;
  customerId: string;
}

/**
 * Starts a check-in (app.start_checkin): a member for themselves (no phone, the mobile QR) or a
 * kiosk by the customer's phone at its own location.
 */
export async function startCheckin(
  sql: Sql,
  caller: Claims,
  locationId: string,
  options: { phone?: string; demoMode?: boolean } = {},
): Promise<CheckinToken> {
  const [row] = await actAs(
    sql,
    caller,
    (tx) => tx<{ result: { token: string; expiresAt: string; customer: { id: string } } }[]>`
      select app.start_checkin(${locationId}, ${options.phone ?? null}) as result`,
    options.demoMode ?? false,
  );
  const result = row!.result;
  return {
    token: result.token,
    expiresAt: new Date(result.expiresAt),
    customerId: result.customer.id,
  };
}

/** Starts a check-in token for a customer, as the member (mobile QR). */
export async function startMobileCheckin(
  sql: Sql,
  memberClaims: Claims,
  locationId: string,
): Promise<string> {
  return (await startCheckin(sql, memberClaims, locationId)).token;
}

export interface UnlockedReward {
  id: string;
  name: string;
  description: string;
  scope: 'location' | 'network';
}

export interface RedeemableReward {
  id: string;
  name: string;
  scope: 'location' | 'network';
}

/** app.approve_visit's answer (the API's ApproveVisitResponse). */
export interface ApprovedVisit {
  visitId: string;
  customer: { id: string; name: string };
  locationId: string;
  pointsEarned: number;
  totalPoints: number;
  /** The neighbour's bonus this approval paid the member (in totalPoints), else 0. */
  referralBonus: number;
  unlockedRewards: UnlockedReward[];
  redeemableRewards: RedeemableReward[];
}

/** Approves a scanned value (a check-in token or 'customer:{id}') as the caller. */
export async function approveVisit(
  sql: Sql,
  caller: Claims,
  scanned: string,
  options: { locationId?: string; demoMode?: boolean; idempotencyKey?: string } = {},
): Promise<ApprovedVisit> {
  const [row] = await actAs(
    sql,
    caller,
    (tx) => tx<{ result: ApprovedVisit }[]>`
      select app.approve_visit(${scanned}, ${options.locationId ?? null}, ${options.idempotencyKey ?? null}) as result`,
    options.demoMode ?? false,
  );
  return row!.result;
}

/** app.redeem_reward's answer (the API's RedeemRewardResponse). */
export interface RedeemedReward {
  customerReward: { id: string; status: 'redeemed'; redeemedAt: string; reward: { name: string } };
}

/** Redeems an unlocked reward (a customer_rewards id) as the caller. */
export async function redeemReward(
  sql: Sql,
  caller: Claims,
  customerRewardId: string,
  locationId?: string,
  idempotencyKey?: string,
): Promise<RedeemedReward> {
  const [row] = await actAs(
    sql,
    caller,
    (tx) => tx<{ result: RedeemedReward }[]>`
    select app.redeem_reward(${customerRewardId}, ${locationId ?? null}, ${idempotencyKey ?? null}) as result`,
  );
  return row!.result;
}

/** A member's redemption code for one of their rewards (app.start_redemption). */
export async function startRedemption(
  sql: Sql,
  member: Claims,
  customerRewardId: string,
): Promise<{ code: string }> {
  const [row] = await actAs(
    sql,
    member,
    (tx) =>
      tx<
        { result: { code: string } }[]
      >`select app.start_redemption(${customerRewardId}) as result`,
  );
  return row!.result;
}

/** A counter confirms a redemption code (app.redeem_with_code). */
export async function redeemWithCode(
  sql: Sql,
  counter: Claims,
  code: string,
  locationId?: string,
): Promise<RedeemedReward> {
  const [row] = await actAs(
    sql,
    counter,
    (tx) => tx<{ result: RedeemedReward }[]>`
    select app.redeem_with_code(${code}, ${locationId ?? null}, null) as result`,
  );
  return row!.result;
}

export interface VoidedVisit {
  visitId: string;
  voided: true;
  pointsReversed: number;
  rewardsRevoked: string[];
  rewardsClawedBack: string[];
  totalPoints: number;
}

/** Voids a visit with a reason (app.void_visit), by default as the admin. */
export async function voidVisit(
  sql: Sql,
  visitId: string,
  reason: string,
  caller: Claims = adminClaims(),
): Promise<VoidedVisit> {
  const [row] = await actAs(
    sql,
    caller,
    (tx) => tx<{ result: VoidedVisit }[]>`select app.void_visit(${visitId}, ${reason}) as result`,
  );
  return row!.result;
}

/** Sets the minimum interval between visits at one business (seconds), as an operator. */
export async function setMinVisitInterval(sql: Sql, seconds: number) {
  await sql`update private.settings set min_visit_interval = make_interval(secs => ${seconds})`;
}

export interface VisitLimits {
  /** Seconds between two visits at one business (min_visit_interval). */
  perBusinessSeconds?: number;
  /** Seconds between any two visits anywhere (min_visit_gap_anywhere). */
  anywhereSeconds?: number;
  /** Approved visits per member per hour (max_visits_per_hour). */
  perHour?: number;
  /** Visits in a day that flag a member (velocity_flag_visits). */
  velocityVisits?: number;
}

/** Sets the check-in limits in private.settings, as an operator; 0 turns one off. */
export async function setVisitLimits(sql: Sql, limits: VisitLimits) {
  await sql`
    update private.settings set
      min_visit_interval = coalesce(make_interval(secs => ${limits.perBusinessSeconds ?? null}), min_visit_interval),
      min_visit_gap_anywhere = coalesce(make_interval(secs => ${limits.anywhereSeconds ?? null}), min_visit_gap_anywhere),
      max_visits_per_hour = coalesce(${limits.perHour ?? null}::int, max_visits_per_hour),
      velocity_flag_visits = coalesce(${limits.velocityVisits ?? null}::int, velocity_flag_visits)`;
}

/** Turns off every time limit on check-ins (suites that approve many visits in a row). */
export async function disableVisitLimits(sql: Sql) {
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0 });
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
