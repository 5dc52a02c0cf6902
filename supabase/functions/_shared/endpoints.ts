// Every endpoint of the API in one registry: method, path, who may call it, its schemas, its
// statuses and abuse limits. GET /api/openapi.json, docs/openapi.json and docs/API.md are built
// from it; a test checks that every route the app serves is listed here.
import type { z } from 'zod';
import type { CallerKind } from './caller.ts';
import * as contract from './contract.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 502;

export interface Endpoint {
  method: 'get' | 'post' | 'put';
  /** As the app routes it (Hono syntax for parameters: `:locationId`). */
  path: string;
  tag: 'Kiosk' | 'Customers' | 'Check-in' | 'Auth' | 'Account' | 'Locations' | 'Admin' | 'Meta';
  summary: string;
  description?: string;
  roles: CallerKind[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** The failures this endpoint answers with on purpose, and when. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** Abuse limits (configurable, see docs/API.md "Limits"). */
  rateLimits?: string[];
}

const BAD_INPUT = 'The body or query does not fit the schema (missing, wrong type, too long, unknown field).';
const BAD_TOKEN = 'The Bearer token is not a valid, current Supabase access token, or its session was signed out.';
const NOT_SIGNED_IN = `No signed-in caller. ${BAD_TOKEN}`;
const TOO_LARGE = 'The body is larger than 16 KB.';
const RANGE =
  'Date range: `range` is 7days (default), 30days, 3months or custom; a custom range takes `from` and `to` ' +
  '(YYYY-MM-DD, days in America/Chicago, inclusive, at most two years apart).';

export const endpoints = {
  openKioskSession: {
    method: 'post', path: '/api/kiosk/session', tag: 'Kiosk', roles: ['kiosk'],
    summary: 'Open (or move) this kiosk device\'s session at a location',
    description:
      'A kiosk is an anonymous Supabase Auth user (signInAnonymously). Moving to another location drops ' +
      'its enrolment. The response says whether the kiosk is enrolled, i.e. trusted to approve its own check-ins.',
    body: contract.OpenKioskSessionRequest, status: 200, response: contract.KioskSessionResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'The caller is not an anonymous kiosk user.', 404: 'Unknown location.', 413: TOO_LARGE },
  },
  enrolKiosk: {
    method: 'post', path: '/api/kiosk/enrol', tag: 'Kiosk', roles: ['kiosk'],
    summary: 'Enrol this kiosk with its location\'s enrolment code',
    description: 'The code is the one an admin set for the kiosk\'s location (stored salted and hashed).',
    body: contract.EnrolKioskRequest, status: 200, response: contract.KioskSessionResponse,
    errors: {
      400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not a kiosk, or the code is wrong for this location.',
      404: 'The kiosk has no session yet.', 413: TOO_LARGE, 429: 'Too many enrolment attempts from this kiosk.',
    },
    rateLimits: ['enrolment attempts per kiosk device'],
  },
  createCustomer: {
    method: 'post', path: '/api/customers', tag: 'Customers', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'Sign up a customer (kiosk, business join page or general join page)',
    description:
      'One customer per phone. With a locationId the response carries that business\'s welcome reward ' +
      '(unlocked on the first approved visit there). A signed-in member whose verified phone matches is linked ' +
      'to the new customer.',
    body: contract.CreateCustomerRequest, status: 201, response: contract.CreateCustomerResponse,
    errors: {
      400: BAD_INPUT, 401: BAD_TOKEN, 404: 'Unknown location.',
      409: 'An account already exists with this phone number.', 413: TOO_LARGE,
      429: 'Too many sign-ups from this kiosk device or IP address.',
    },
    rateLimits: ['sign-ups per kiosk device, or per IP address for everyone else'],
  },
  submitContactMessage: {
    method: 'post', path: '/api/contact', tag: 'Customers', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'Leave a contact-form message for the programme',
    body: contract.ContactMessageRequest, status: 201, response: contract.ContactMessageResponse,
    errors: { 400: BAD_INPUT, 401: BAD_TOKEN, 413: TOO_LARGE, 429: 'Too many messages from this IP address.' },
    rateLimits: ['messages per IP address'],
  },
  startCheckin: {
    method: 'post', path: '/api/checkin/start', tag: 'Check-in', roles: ['kiosk', 'member', 'staff', 'admin'],
    summary: 'Start a check-in: a kiosk by phone, or the signed-in member for themselves',
    description:
      'With `phone`: only the kiosk whose session is at `locationId` may look the customer up. Without: the ' +
      'signed-in member (mobile QR). The token is random (244 bits), single use, valid for 15 minutes; only its ' +
      'hash is stored.',
    body: contract.StartCheckinRequest, status: 201, response: contract.StartCheckinResponse,
    errors: {
      400: BAD_INPUT, 401: NOT_SIGNED_IN,
      403: 'With a phone: the caller is not the kiosk of this location. Without: the caller is a kiosk.',
      404: 'Unknown location, no customer with this phone, or no customer for this sign-in.', 413: TOO_LARGE,
      429: 'Too many check-ins by phone from this kiosk device.',
    },
    rateLimits: ['check-ins by phone per kiosk device'],
  },
  approveVisit: {
    method: 'post', path: '/api/visits/approve', tag: 'Check-in', roles: ['kiosk', 'staff', 'admin'],
    summary: 'Approve a visit from a scanned QR value',
    description:
      'The value is a check-in token or a member card `customer:{id}`. A kiosk approves only the tokens it issued ' +
      'and only once enrolled (DEMO_MODE trusts kiosks without enrolment); staff approve tokens and member cards ' +
      'at their location (app_metadata.location_id), admins anywhere (a member card needs `locationId`). Each ' +
      'approved visit earns 5 points; the first at a business unlocks its welcome reward; Silver (10) and Gold ' +
      '(20) rewards unlock once. One customer earns at most one visit per business per minimum interval ' +
      '(60 minutes by default, private.settings).',
    body: contract.ApproveVisitRequest, status: 200, response: contract.ApproveVisitResponse,
    errors: {
      400: `${BAD_INPUT} Or a member card scanned by an admin without locationId.`, 401: NOT_SIGNED_IN,
      403: 'Not allowed to approve this check-in (another kiosk\'s token, a kiosk not enrolled, staff of another location, a member).',
      404: 'Unknown check-in token or customer.', 409: 'The token has already been used.',
      410: 'The token has expired (15 minutes after issue).', 413: TOO_LARGE,
      429: 'This customer already had a visit approved at this business within the minimum interval.',
    },
    rateLimits: ['one approved visit per customer per business per minimum interval'],
  },
  sendCode: {
    method: 'post', path: '/api/auth/send-code', tag: 'Auth', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'Send a sign-in code by SMS (Supabase Auth phone OTP)',
    body: contract.SendCodeRequest, status: 200, response: contract.SendCodeResponse,
    errors: {
      400: `${BAD_INPUT} Or Supabase Auth refused the phone.`, 401: BAD_TOKEN, 413: TOO_LARGE,
      429: 'Too many codes for this phone or from this IP address (or Supabase Auth\'s own limit).',
      502: 'Supabase Auth is unreachable.',
    },
    rateLimits: ['codes per phone', 'codes per IP address'],
  },
  verifyCode: {
    method: 'post', path: '/api/auth/verify', tag: 'Auth', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'Verify a sign-in code; answers the Supabase session and the customer',
    description:
      'Links the Supabase Auth user to the customer with this phone. With `name` (the mobile sign-up variant) a ' +
      'missing customer is created (`created: true`) instead of the 404. Store the session with supabase-js `setSession`. ' +
      'When no customer results, the new session is signed out again.',
    body: contract.VerifyCodeRequest, status: 200, response: contract.VerifyCodeResponse,
    errors: {
      400: BAD_INPUT, 401: 'The code is wrong or expired.', 404: 'No account found with this phone number (login without name).',
      413: TOO_LARGE, 429: 'Too many verification attempts for this phone.', 502: 'Supabase Auth is unreachable.',
    },
    rateLimits: ['verification attempts per phone'],
  },
  logout: {
    method: 'post', path: '/api/auth/logout', tag: 'Auth', roles: ['kiosk', 'member', 'staff', 'admin'],
    summary: 'Sign out: revoke the caller\'s session',
    description: 'Tokens of the session are refused from then on, even before they expire.',
    status: 200, response: contract.LogoutResponse,
    errors: { 401: NOT_SIGNED_IN, 502: 'Supabase Auth is unreachable.' },
  },
  redeemReward: {
    method: 'post', path: '/api/rewards/redeem', tag: 'Account', roles: ['member', 'staff', 'admin'],
    summary: 'Redeem an unlocked reward, once',
    description:
      'The owner may redeem it; so may staff where it is valid (a welcome reward at its own business, a network ' +
      'reward anywhere) and admins.',
    body: contract.RedeemRewardRequest, status: 200, response: contract.RedeemRewardResponse,
    errors: {
      400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Staff of a location where this reward is not valid, or a kiosk.',
      404: 'No such reward for this caller.', 409: 'The reward has already been redeemed.', 413: TOO_LARGE,
    },
  },
  me: {
    method: 'get', path: '/api/me', tag: 'Account', roles: ['member', 'staff', 'admin'],
    summary: 'The signed-in member\'s account: points, tier, next goal, rewards, visited businesses',
    description:
      'Tier: Bronze under 10 points, Silver from 10, Gold from 20 (public.tiers). Next goal: the next tier\'s ' +
      'threshold and label (10 \'$5 Off - Silver Status\', 20 \'$10 Off - Gold Status\'), from 20 points 30 ' +
      '\'Premium Reward\'; pointsNeeded is never below 0.',
    query: contract.EmptyQuery, status: 200, response: contract.MeResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  },
  myVisits: {
    method: 'get', path: '/api/me/visits', tag: 'Account', roles: ['member', 'staff', 'admin'],
    summary: 'The signed-in member\'s visit history, newest first',
    query: contract.MyVisitsQuery, status: 200, response: contract.MyVisitsResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  },
  locations: {
    method: 'get', path: '/api/locations', tag: 'Locations', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'The participating businesses with their welcome rewards',
    query: contract.EmptyQuery, status: 200, response: contract.LocationList,
    errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  },
  adminMetrics: {
    method: 'get', path: '/api/admin/metrics', tag: 'Admin', roles: ['admin'],
    summary: 'Dashboard metrics with growth against the comparison period',
    description:
      `${RANGE} signupsToday: customers who joined today (America/Chicago), growth vs yesterday. totalVisits: ` +
      'approved visits in the range. redemptions: rewards redeemed in the range. activeMembers: distinct ' +
      'customers with a visit in the range. Each of the last three compares with the period of equal length ' +
      'just before the range. percent = round((current - previous) / previous * 100), null when previous is 0. ' +
      'With `location`: sign-ups, visits and redemptions at that business.',
    query: contract.MetricsQuery, status: 200, response: contract.MetricsResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  },
  adminActivity: {
    method: 'get', path: '/api/admin/activity', tag: 'Admin', roles: ['admin'],
    summary: 'Recent activity: the latest approved visits, newest first',
    query: contract.ActivityQuery, status: 200, response: contract.ActivityResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  },
  adminCustomers: {
    method: 'get', path: '/api/admin/customers', tag: 'Admin', roles: ['admin'],
    summary: 'Customers active in the range, matching the search',
    description:
      `${RANGE} A customer is listed when they joined or had a visit in the range (with \`location\`: joined ` +
      'there or visited there in the range). `search` matches a part of the name (any case) or a run of at ' +
      'least 3 phone digits. totalPoints, status (tier), lastVisit and totalVisits cover all businesses. Most ' +
      'recently active first.',
    query: contract.CustomersQuery, status: 200, response: contract.AdminCustomersResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  },
  adminTopLocations: {
    method: 'get', path: '/api/admin/top-locations', tag: 'Admin', roles: ['admin'],
    summary: 'Top performing locations by visits in the range',
    description:
      `${RANGE} visits: approved visits at the business in the range; previousVisits: in the period of equal ` +
      'length just before; growth: whole percent change, null when previousVisits is 0. Businesses without a ' +
      'visit in the range are left out; most visits first.',
    query: contract.TopLocationsQuery, status: 200, response: contract.TopLocationsResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  },
  setEnrolmentCode: {
    method: 'put', path: '/api/admin/locations/:locationId/enrolment-code', tag: 'Admin', roles: ['admin'],
    summary: 'Set (or replace) a location\'s kiosk enrolment code',
    description: 'Only a salted hash is kept. A new code un-enrols every kiosk of the location.',
    params: contract.SetEnrolmentCodeParams, body: contract.SetEnrolmentCodeRequest, status: 200,
    response: contract.SetEnrolmentCodeResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.', 413: TOO_LARGE },
  },
  openApi: {
    method: 'get', path: '/api/openapi.json', tag: 'Meta', roles: ['anon', 'kiosk', 'member', 'staff', 'admin'],
    summary: 'This API\'s OpenAPI 3.1 document',
    status: 200, response: contract.OpenApiDocument,
    errors: { 401: BAD_TOKEN },
  },
} satisfies Record<string, Endpoint>;

export const endpointList: Endpoint[] = Object.values(endpoints);
