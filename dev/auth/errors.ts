// GoTrue's error responses: `{ code: '<error_code>', message }` for callers that send
// X-Supabase-Api-Version 2024-01-01 or later (supabase-js does; the header is echoed back),
// otherwise the legacy `{ code: <status>, error_code, msg }`. Both carry x-sb-error-code.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = Date.UTC(2024, 0, 1);

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request's API version when it is 2024-01-01 or later (GoTrue's only newer format). */
function requestedVersion(c: Context): string | undefined {
  const value = c.req.header(API_VERSION_HEADER)?.trim() ?? '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) || time < API_VERSION_2024 ? undefined : '2024-01-01';
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header('x-sb-error-code', error.code);
  const version = requestedVersion(c);
  if (version) {
    c.header(API_VERSION_HEADER, version);
    return c.json({ code: error.code, message: error.message }, error.status);
  }
  return c.json({ code: error.status, error_code: error.code, msg: error.message }, error.status);
}
