// The API's error shape (docs/BACKEND.md) and the mapping from database errors to HTTP statuses.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from './contract/common.ts';

export type { ErrorBody, ErrorCode };

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

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

const SQLSTATE_TO_STATUS: Record<string, ContentfulStatusCode> = {
  // Raised by Postgres itself.
  '23505': 409, // unique_violation
  '23503': 400, // foreign_key_violation
  '23502': 400, // not_null_violation
  '23514': 400, // check_violation
  '42501': 403, // insufficient_privilege (a grant or RLS refused)
};

/** What a value Postgres refused (a NUL byte, a bad id, a failed check) reads as, in words. */
export const INVALID_VALUE = 'Some of what was sent is not valid. Please check it and try again.';

/** Seconds a client waits before retrying when the database or Auth is unavailable (503). */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 2;

/**
 * The database cannot answer right now, though the request may be fine: a restart or failover
 * (08 connection exceptions, 57P01-57P03 shutting down / starting up), exhausted resources (53),
 * a statement or lock timeout (57014, 55P03), a lost serialization race or deadlock (40001,
 * 40P01), or the client's connection failing (postgres.js and socket error codes). Each rolled
 * back, so the client may retry (with its Idempotency-Key: never counted twice): 503, not 500.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53...|57014|55P03|40001|40P01)$/;
const UNAVAILABLE_CLIENT_CODES = new Set([
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT',
]);

/** Codes that mean the connection itself is gone (closed, reset, or the server shutting down). */
const CONNECTION_LOST = /^(08...|57P0[123]|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED|ECONNRESET|EPIPE|ETIMEDOUT)$/;

/** Whether `error` says the connection it came from is dead, rather than a statement failing. */
export function connectionLost(error: unknown): boolean {
  const code = (error as PostgresLikeError | null | undefined)?.code;
  return typeof code === 'string' && CONNECTION_LOST.test(code);
}

export const databaseUnavailable = () =>
  new ApiError(
    503,
    'unavailable',
    'The database is unavailable or busy right now; try again shortly (a retry with the same Idempotency-Key is never counted twice)',
    undefined,
    RETRY_AFTER_UNAVAILABLE_SECONDS,
  );

interface PostgresLikeError {
  code?: string;
  message?: string;
  hint?: string;
}

/** Maps a database error to an ApiError, or returns undefined for an unexpected one. */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const pg = error as PostgresLikeError;
  if (!pg || typeof pg.code !== 'string') return undefined;
  if (UNAVAILABLE_SQLSTATE.test(pg.code) || UNAVAILABLE_CLIENT_CODES.has(pg.code)) return databaseUnavailable();
  // The SQL functions in schema app raise SQLSTATE 'LY' + the HTTP status (LY404, LY429, ...).
  const status = /^LY\d{3}$/.test(pg.code)
    ? (Number(pg.code.slice(2)) as ContentfulStatusCode)
    : pg.code.startsWith('22') // data exceptions: a value Postgres cannot take (NUL byte, bad uuid)
      ? 400
      : SQLSTATE_TO_STATUS[pg.code];
  const code = status && STATUS_CODES[status];
  if (!status || !code) return undefined;
  const retryAfter = code === 'rate_limited' ? Number(pg.hint) || 60 : undefined;
  const message = pg.code === '23505' ? 'already exists' : pg.code.startsWith('LY') ? (pg.message ?? code) : INVALID_VALUE;
  return new ApiError(status, code, message, undefined, retryAfter);
}

/** Hono onError handler: every failure becomes the JSON error shape; never a stack trace. */
export function handleError(error: Error, c: Context): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : error instanceof HTTPException
        ? new ApiError(error.status as ContentfulStatusCode, STATUS_CODES[error.status] ?? 'invalid_input', error.message)
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
