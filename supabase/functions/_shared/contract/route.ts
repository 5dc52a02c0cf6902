// What both sides know of an endpoint: enough for the app to call it and the api to serve it.
import type { z } from 'zod';

/** Where an endpoint is: all the app needs to send a request (contract/endpoints.ts). */
export interface Endpoint {
  method: 'get' | 'post' | 'put';
  /** As the app routes it (Hono syntax for parameters: `:locationId`). */
  path: `/api/${string}`;
}

export interface Route extends Endpoint {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the endpoint reads (lower-case names). */
  headers?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** What the body is: JSON (default), or a download (a CSV file, an Apple Wallet pass). */
  contentType?: 'application/json' | 'text/csv' | 'application/vnd.apple.pkpass';
}

/**
 * A hook: called by Supabase Auth, the texts' schedule or Twilio (never by the app), proving itself
 * with a signature or a secret and speaking its caller's format, so only its method and path are
 * declared; its handler reads the request itself.
 */
export interface HookRoute {
  method: 'post';
  path: `/api/hooks/${string}`;
}
