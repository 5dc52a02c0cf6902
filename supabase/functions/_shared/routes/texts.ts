// The wording the endpoint declarations share for their documented failures.
export const BAD_INPUT = 'The body, query or a header does not fit the schema (missing, wrong type, too long, unknown field).';
export const BAD_TOKEN = 'The Bearer token is not a valid, current Supabase access token, or its session was signed out.';
export const NOT_SIGNED_IN = `No signed-in caller. ${BAD_TOKEN}`;
export const TOO_LARGE = 'The body is larger than 16 KB.';
export const RANGE =
  'Date range: `range` is 7days (default), 30days, 3months or custom, whole days in America/Chicago ending ' +
  'today (7days: today and the 6 days before); a custom range takes `from` and `to` ' +
  '(YYYY-MM-DD, days in America/Chicago, inclusive): from 2020-01-01 at the earliest, to tomorrow at the ' +
  'latest, from not after to, at most two years apart; anything else is a 400 naming the field.';
export const IDEMPOTENCY =
  'Optional header `Idempotency-Key` (8–128 visible ASCII characters): a retried request with the same key ' +
  'answers the first result and changes nothing more; the same key with a different request is a 422.';
export const EVERYONE = ['anon', 'kiosk', 'member', 'staff', 'owner', 'admin'] as const;
export const SIGNED_IN = ['kiosk', 'member', 'staff', 'owner', 'admin'] as const;
/** Admins, and a business's owners for their own business (the SQL function checks which). */
export const ADMIN_OR_OWNER = ['admin', 'owner'] as const;
export const NOT_ADMIN_OR_OWNER = 'Not an admin, or an owner asking for a business that is not theirs (or for every business).';
