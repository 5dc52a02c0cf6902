// The fixed part of docs/API.md: conventions, limits with their settings, idempotency, dashboard
// figures. render.ts appends the endpoints.
import { parseConfig, type RateLimits } from '../../supabase/functions/_shared/config.ts';

const LIMIT_VARIABLES: Record<keyof RateLimits, [string, string]> = {
  sendCodePerIp: ['RATE_LIMIT_SEND_CODE_PER_IP', 'POST /api/auth/send-code, per client address'],
  verifyPerPhone: ['RATE_LIMIT_VERIFY_PER_PHONE', 'POST /api/auth/verify and /api/auth/verify-session, per phone'],
  customersPerClient: ['RATE_LIMIT_CUSTOMERS_PER_CLIENT', 'POST /api/customers, per kiosk device or per client address'],
  enrolPerKiosk: ['RATE_LIMIT_ENROL_PER_KIOSK', 'POST /api/kiosk/enrol, per kiosk device'],
  checkinsPerKiosk: ['RATE_LIMIT_CHECKINS_PER_KIOSK', 'POST /api/checkin/start by phone, per kiosk device'],
  searchesPerClerk: ['RATE_LIMIT_SEARCHES_PER_CLERK', 'GET /api/staff/members (the counter\'s member search), per clerk'],
  contactPerIp: ['RATE_LIMIT_CONTACT_PER_IP', 'POST /api/contact, per client address'],
  referralChecksPerIp: ['RATE_LIMIT_REFERRAL_CHECKS_PER_IP', 'GET /api/referrals/:code (an invitation code\'s check), per client address'],
  accountChangesPerMember: ['RATE_LIMIT_ACCOUNT_CHANGES_PER_MEMBER', 'a member\'s changes on /account (name, texts, phone codes, data download, deletion), per member'],
  walletPerMember: ['RATE_LIMIT_WALLET_PER_MEMBER', 'GET /api/wallet/apple/pass and /api/wallet/google/link, per member'],
  walletDevicesPerPass: ['RATE_LIMIT_WALLET_DEVICES_PER_PASS', 'Apple Wallet device registrations (POST /api/wallet/apple/v1/devices/…), per pass'],
};

function limitsTable(): string {
  const defaults = parseConfig({ SUPABASE_URL: 'http://localhost', SUPABASE_ANON_KEY: '-', SUPABASE_DB_URL: '-' }).rateLimits;
  const rows = (Object.keys(LIMIT_VARIABLES) as (keyof RateLimits)[]).map((key) => {
    const [variable, what] = LIMIT_VARIABLES[key];
    const rule = defaults[key];
    return `| ${what} | \`${variable}\` | ${rule.limit} per ${rule.windowSeconds} s (\`${rule.limit}/${rule.windowSeconds}\`) |`;
  });
  return `| limit | setting | default |\n|---|---|---|\n${rows.join('\n')}\n`;
}

export const INTRO = `# Village Rewards API

The \`api\` edge function (\`supabase/functions/api\`, the Hono app in \`supabase/functions/_shared\`).
This page and \`docs/openapi.json\` are generated from the endpoint declarations (one file per endpoint under
\`supabase/functions/_shared/routes/\`, listed in \`endpoints.ts\`) and the zod contract (\`supabase/functions/_shared/contract/\`) by \`npm run api:docs\`; edit those, not this page. The same
OpenAPI document is served at \`GET /api/openapi.json\`.

## Conventions

- **Paths.** The function answers at \`/functions/v1/api/...\`; the app calls \`/api/...\` (a proxy or rewrite), so
  the path after \`/api\` is the same everywhere.
- **Callers.** Send \`Authorization: Bearer <Supabase access token>\`. No header, or the project's anon key, is
  *anyone*. Tokens are verified against the project's signing keys (JWKS; issuer \`SUPABASE_URL/auth/v1\`,
  audience \`authenticated\`) and refused once their session is signed out. Roles:
  - *kiosk*: an anonymous Auth user (\`signInAnonymously\`) with a kiosk session at a location;
  - *member*: signed in by phone code;
  - *staff*: \`app_metadata.role = 'staff'\` and \`app_metadata.location_id\`;
  - *admin*: \`app_metadata.role = 'admin'\`.
  Each request runs as one database transaction with the caller's role and claims, so RLS applies.
- **Input.** Bodies are JSON (\`Content-Type: application/json\`), at most 16 KB, with no unknown fields.
  Phones are 10 US digits; punctuation (\`(555) 123-4567\`, \`+1 555 123 4567\`) is stripped. Codes are 6 digits.
- **Errors.** Every failure is \`{ "error": { "code", "message", "fields"? } }\`; \`fields\` names each invalid
  field. 400 invalid_input, 401 unauthorized, 403 forbidden, 404 not_found, 409 conflict (a phone that is taken
  answers a message containing 'already exists'), 410 gone (expired check-in token), 413 payload_too_large,
  422 unprocessable (an Idempotency-Key reused for a different request), 429 rate_limited (with
  \`Retry-After\` seconds), 503 unavailable (Postgres restarting, failing over or too busy: a statement timeout)
  and 503 upstream_unavailable (Supabase Auth unreachable), both with \`Retry-After\` seconds: nothing was committed,
  retry (with the same \`Idempotency-Key\`). No input answers a 5xx; only an outage answers 503.
- **Check-in tokens** are random (244 bits), single use and expire 15 minutes after issue: 404 unknown,
  409 used, 410 expired.

## Limits

Per request, kept in Postgres (\`app.hit_rate_limit\`, fixed windows shared by every instance). Each
setting is an environment variable of the function, \`<requests>/<seconds>\`.

${limitsTable()}
**Client address.** The per-address limits read the client's address from ONE header, named by
\`CLIENT_IP_HEADER\` (default \`cf-connecting-ip\`, set and overwritten by Cloudflare in front of hosted
Supabase). With \`x-forwarded-for\` only its right-most entry (the one the trusted proxy appended) counts.
No other header is read, so a client cannot reset a limit by sending a new address.

Rules of the programme, in SQL, set in \`private.settings\` (0 turns one off); a visit or a code over its limit
is a 429 with \`Retry-After\`; a flag only marks the member for the operator:

| limit | setting | default |
|---|---|---|
| between two approved visits of a member at one business | \`min_visit_interval\` | 60 minutes |
| between two approved visits of a member anywhere | \`min_visit_gap_anywhere\` | 1 minute |
| approved visits per member in any 60 minutes | \`max_visits_per_hour\` | 4 |
| approved visits in one day that flag a member (GET /api/admin/flags) | \`velocity_flag_visits\` | 5 |
| sign-in codes per phone in any 24 hours | \`sign_in_codes_per_day\` | 5 |
| wrong tries before a phone's current code is dead (401 until a new code is sent) | \`sign_in_code_max_failures\` | 5 |

## Where each sign-in limit is enforced

Supabase Auth's own endpoints (\`/auth/v1/otp\`, \`/auth/v1/verify\`) are as public as this API, so the code
limits are enforced where every path passes: in Auth's hooks, whose rules are SQL in this project.

| rule | enforced by | holds at \`/api/auth/*\` | holds at \`/auth/v1/*\` |
|---|---|---|---|
| at most \`sign_in_codes_per_day\` codes per phone in 24 h; only codes really sent count | Auth's **Send SMS hook** (\`POST /api/hooks/send-sms\` → \`app.sign_in_code_sending\`), which Auth calls for every code it sends (not for refused sends, not for test numbers) | yes | yes |
| one code per phone per \`max_frequency\` (60 s hosted, 5 s locally); SMS per hour for the project (\`sms_sent\`) | Supabase Auth itself (\`[auth.sms]\`, \`[auth.rate_limit]\`) | yes | yes |
| codes per client address (\`RATE_LIMIT_SEND_CODE_PER_IP\`) | this API | yes | no — Auth's \`sign_in_sign_ups\` per address instead |
| wrong tries are counted; after \`sign_in_code_max_failures\` the current code is dead | this API counts tries (\`app.sign_in_code_attempt\`) | yes | counted: no (Auth has no hook for a wrong code, supabase/auth#2819) |
| no session from a dead code | Auth's **Custom Access Token hook** (\`private.custom_access_token_hook\`) refuses the token | yes | yes |
| verifications per phone (\`RATE_LIMIT_VERIFY_PER_PHONE\`) | this API | yes | no — Auth's \`token_verifications\` per address instead |

**Residual risk.** Wrong guesses at \`/auth/v1/verify\` are not counted, so a code is not killed by them; they
are bounded by the code's lifetime (\`[auth.sms] otp_expiry\` = 60 s, the shortest that still outlasts SMS
delivery) and Auth's \`token_verifications\` (30 per 5 minutes per client address): about 30 guesses at a
1-in-a-million code per address per code. Every screen of the app (members, \`/admin\`, \`/staff\`) verifies
through this API, so no honest sign-in needs \`/auth/v1/verify\`.

**\`POST /api/hooks/send-sms\`** is Supabase Auth's Send SMS hook, not an endpoint for apps: a call must carry a
Standard Webhooks signature (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) made with one of
\`SEND_SMS_HOOK_SECRETS\` (401 otherwise). Body: Auth's \`{metadata, user, sms: {otp, phone}}\`. It answers
200 \`{}\` once the code is counted and sent, or 200 \`{"error": {"http_code": 429, "message": "… try again in N
seconds"}}\` past the daily cap (Auth passes that on; \`/api/auth/send-code\` turns it into a 429 with
\`Retry-After\`), or 200 with \`http_code\` 502 when the provider did not take the SMS (not counted). A
\`webhook-id\` it has seen before is a replay (Auth gives every call, retries included, a new one): 409, nothing
counted or sent (\`private.webhook_receipts\`).

## Apple Wallet's web service and the wallet drain

Not endpoints for apps, so not in the list below ([WALLET.md](WALLET.md) has the whole picture). A pass's
\`webServiceURL\` is \`PUBLIC_FUNCTIONS_URL/api/wallet/apple\`; Apple Wallet calls, per Apple's spec:

| call | answers |
|---|---|
| \`POST /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial\` body \`{"pushToken"}\` | 201 registered, 200 already registered; limited per pass (\`RATE_LIMIT_WALLET_DEVICES_PER_PASS\`) |
| \`DELETE /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial\` | 200 |
| \`GET /api/wallet/apple/v1/devices/:device/registrations/:passTypeId?passesUpdatedSince=tag\` | 200 \`{serialNumbers, lastUpdated}\`, 204 when none changed |
| \`GET /api/wallet/apple/v1/passes/:passTypeId/:serial\` | 200 the \`.pkpass\` with \`Last-Modified\`, 304 when unchanged since \`If-Modified-Since\` |
| \`POST /api/wallet/apple/v1/log\` body \`{"logs": [...]}\` | 200 (kept in the function's log) |

A call about one pass must carry \`Authorization: ApplePass <the pass's authenticationToken>\`, compared in
constant time: 401 without it or with another. Another pass type id, or Apple Wallet not set up, is a 404.
**\`POST /api/hooks/wallet/drain\`** sends the queued wallet pushes (APNs, Google PATCH) and answers
\`{claimed, sent, failed}\`; it needs \`x-drain-secret: <TEXTS_DRAIN_SECRET>\` like the texts' drain (401
otherwise), and pg_cron calls it every minute.

## Idempotency

\`POST /api/visits/approve\` and \`POST /api/rewards/redeem\` accept an optional \`Idempotency-Key\` header:
8–128 visible ASCII characters (a 400 otherwise), scoped to the caller. A retry with the same key and the
same request answers the first result (same status and body) and changes nothing more — parallel retries
wait for the first; a failed first attempt is not remembered, so it can be retried. The same key with a
different request is a 422. Make one key per user action (e.g. a UUID) and reuse it on retries (the
kiosk's offline queue).

## Dashboard figures

- **Ranges** are whole days in America/Chicago, ending with today: \`7days\` (default) is today and the 6 days
  before, \`30days\` today and the 29 days before, \`3months\` the day after the same date three months ago
  through today; \`custom\` runs from the start of \`from\` to the end of \`to\`. Responses give the range used
  as instants: \`range.from\` is the first day's midnight, \`range.to\` the midnight after the last day.
- **Comparison period**: as many whole days just before the range (\`previousRange\`).
- **Today**: the current day in America/Chicago (the programme's time zone).
- **Growth**: \`percent = round((current - previous) / previous × 100)\`, \`null\` when \`previous\` is 0.
- **signupsToday**: customers created today, compared with yesterday.
- **totalVisits**: approved visits in the range; **redemptions**: rewards redeemed in the range;
  **activeMembers**: distinct customers with a visit in the range; each compared with the comparison period.
- **Location filter** (\`location\`): sign-ups at that business, visits there, redemptions there.
- **Top locations**: visits per business in the range vs the comparison period; businesses without a visit in
  the range are left out.
- **Tier**: Bronze under 10 points, Silver from 10, Gold from 20 (\`public.tiers\`). **Next goal**: 10
  '$5 Off - Silver Status', 20 '$10 Off - Gold Status', from 20 points 30 'Premium Reward'.

`;
