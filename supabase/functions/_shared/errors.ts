// The API's error shape (DESIGN.md §5) and the mapping from database errors to HTTP statuses.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'payload_too_large'
  | 'internal';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]> };
}

/** An error the API answers with on purpose: status, code, message (and field details). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const SQLSTATE_TO_ERROR: Record<string, [ContentfulStatusCode, ErrorCode]> = {
  // Raised by the SQL functions in schema app (see the migrations): class LY = loyalty.
  LY400: [400, 'invalid_input'],
  LY401: [401, 'unauthorized'],
  LY403: [403, 'forbidden'],
  LY404: [404, 'not_found'],
  LY409: [409, 'conflict'],
  LY410: [410, 'gone'],
  LY429: [429, 'rate_limited'],
  // Raised by Postgres itself.
  '23505': [409, 'conflict'], // unique_violation
  '23503': [400, 'invalid_input'], // foreign_key_violation
  '23514': [400, 'invalid_input'], // check_violation
  '22P02': [400, 'invalid_input'], // invalid_text_representation
  '42501': [403, 'forbidden'], // insufficient_privilege (RLS refused a write)
};

interface PostgresLikeError {
  code?: string;
  message?: string;
  hint?: string;
}

/** Maps a database error to an ApiError, or returns undefined for an unexpected one. */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const pg = error as PostgresLikeError;
  if (!pg || typeof pg.code !== 'string') return undefined;
  const mapped = SQLSTATE_TO_ERROR[pg.code];
  if (!mapped) return undefined;
  const [status, code] = mapped;
  const retryAfter = code === 'rate_limited' ? Number(pg.hint) || 60 : undefined;
  const message = pg.code === '23505' ? 'already exists' : (pg.message ?? code);
  return new ApiError(status, code, message, undefined, retryAfter);
}

/** Hono onError handler: every failure becomes the JSON error shape; never a stack trace. */
export function handleError(error: Error, c: Context): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : error instanceof HTTPException
        ? new ApiError(error.status as ContentfulStatusCode, error.status === 413 ? 'payload_too_large' : 'invalid_input', error.message)
        : fromDatabaseError(error);
  if (!apiError) {
    console.error(`[api] ${c.req.method} ${c.req.path} failed`, error);
    return c.json<ErrorBody>({ error: { code: 'internal', message: 'Internal error' } }, 500);
  }
  if (apiError.retryAfterSeconds) c.header('Retry-After', String(apiError.retryAfterSeconds));
  const body: ErrorBody = { error: { code: apiError.code, message: apiError.message } };
  if (apiError.fields) body.error.fields = apiError.fields;
  return c.json(body, apiError.status);
}
