// API-level fixtures: customers, members, kiosks, staff and admins, made through the API and
// Supabase Auth the way real callers are, so every test builds exactly what it needs.
import {
  ApproveVisitResponse,
  CreateCustomerResponse,
  KioskSessionResponse,
  StartCheckinResponse,
  VerifyCodeResponse,
  type CreateCustomerRequest,
} from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from './api-client.ts';
import type { ApiHarness } from './api-harness.ts';
import { signInAnonymously, latestSmsCode } from './auth-client.ts';
import { createRoleUser } from './role-users.ts';

let phoneCounter = 0;
/** A phone (10 digits) no other fixture of this test file uses. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `312${String(5_000_000 + phoneCounter).padStart(7, '0')}`;
}

export interface CustomerFixture {
  id: string;
  name: string;
  phone: string;
}

/** Signs a customer up through POST /api/customers, as a visitor on the general join page. */
export async function signUp(h: ApiHarness, fields: Partial<CreateCustomerRequest> = {}): Promise<CustomerFixture> {
  const phone = fields.phone ?? nextPhone();
  const name = fields.name ?? `Customer ${phone.slice(-4)}`;
  const response = await h.call('POST', '/api/customers', {
    body: { smsConsent: false, emailConsent: false, ...fields, name, phone },
  });
  const { customer } = bodyOf(response, CreateCustomerResponse, 201);
  return { id: customer.id, name, phone };
}

export interface MemberFixture extends CustomerFixture {
  token: string;
}

/** Sends and verifies a code through the API (the code read from the stand-in's SMS outbox). */
export async function signInMember(h: ApiHarness, phone: string): Promise<string> {
  const sent = await h.call('POST', '/api/auth/send-code', { body: { phone } });
  if (sent.status !== 200) throw new Error(`send-code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await latestSmsCode(h.auth, phone);
  const verified = await h.call('POST', '/api/auth/verify', { body: { phone, code } });
  return bodyOf(verified, VerifyCodeResponse).session.access_token;
}

/** A customer who has signed in by phone. */
export async function createMember(h: ApiHarness, fields: Partial<CreateCustomerRequest> = {}): Promise<MemberFixture> {
  const customer = await signUp(h, fields);
  return { ...customer, token: await signInMember(h, customer.phone) };
}

export const createStaff = (h: ApiHarness, locationId: string) =>
  createRoleUser(h, nextPhone(), { role: 'staff', location_id: locationId });

export const createAdmin = (h: ApiHarness) => createRoleUser(h, nextPhone(), { role: 'admin' });

/** A business owner: app_metadata role 'owner' at `locationId`. */
export const createOwner = (h: ApiHarness, locationId: string) =>
  createRoleUser(h, nextPhone(), { role: 'owner', location_id: locationId });

export interface KioskFixture {
  token: string;
  sessionId: string;
  locationId: string;
}

/**
 * A kiosk device: an anonymous Auth user with a kiosk session at `locationId`; enrolled with
 * the location's code unless `enrolled: false`. Each location's code is set once per harness,
 * since a new code un-enrols the location's kiosks.
 */
export async function createKiosk(
  h: ApiHarness,
  locationId: string,
  options: { enrolled?: boolean } = {},
): Promise<KioskFixture> {
  const { access_token: token } = await signInAnonymously(h.auth);
  const opened = await h.call('POST', '/api/kiosk/session', {
    token,
    body: { locationId, deviceFingerprint: 'vitest' },
  });
  const { session } = bodyOf(opened, KioskSessionResponse);
  if (options.enrolled !== false) {
    const code = await h.enrolmentCode(locationId);
    bodyOf(await h.call('POST', '/api/kiosk/enrol', { token, body: { code } }), KioskSessionResponse);
  }
  return { token, sessionId: session.id, locationId };
}

/** A kiosk check-in by phone: the pending token the kiosk shows. */
export async function startKioskCheckin(h: ApiHarness, kiosk: KioskFixture, phone: string): Promise<string> {
  const started = await h.call('POST', '/api/checkin/start', {
    token: kiosk.token,
    body: { locationId: kiosk.locationId, phone },
  });
  return bodyOf(started, StartCheckinResponse, 201).token;
}

/** A visit approved by an admin scanning the member card at `locationId`. */
export async function recordVisit(h: ApiHarness, adminToken: string, customerId: string, locationId: string) {
  const approved = await h.call('POST', '/api/visits/approve', {
    token: adminToken,
    body: { token: `customer:${customerId}`, locationId },
  });
  return bodyOf(approved, ApproveVisitResponse);
}
