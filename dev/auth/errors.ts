// GoTrue's error responses (API version 2024-01-01): { code, error_code, msg, message }.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, message: error.message },
    error.status,
  );
}
