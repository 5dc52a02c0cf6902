// The one declaration of an endpoint: method, path, who may call it, its schemas, statuses,
// abuse limits and its handler. mount.ts serves it, openapi.ts and docs/ describe it.
import type { z } from 'zod';
import type { TokenVerifier } from './auth.ts';
import type { Caller, CallerKind } from './caller.ts';
import type { AppConfig, RateLimits } from './config.ts';
import type { SqlArgs } from './db.ts';
import type { CsvExport } from './stream.ts';
import type { AuthGateway } from './gotrue.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;
export type Tag = 'Kiosk' | 'Customers' | 'Check-in' | 'Auth' | 'Account' | 'Locations' | 'Admin' | 'Wallet' | 'Meta';

/** What a handler gets: the parsed input, the caller, and the one way to reach the database. */
export interface HandlerContext<P = unknown, Q = unknown, B = unknown, H = unknown> {
  caller: Caller;
  params: P;
  query: Q;
  body: B;
  headers: H;
  /** Calls one app.* SQL function as `as` (default: the caller) and answers its JSON result. */
  call(fn: string, args?: SqlArgs, as?: Caller): Promise<unknown>;
  /** Calls one app.* SQL function as service_role (server-side bookkeeping). */
  callAsService(fn: string, args?: SqlArgs): Promise<unknown>;
  /** Streams the rows of a set-returning app.* SQL function (as the caller) as a CSV download. */
  streamCsv(spec: CsvExport): Promise<Response>;
  auth: AuthGateway;
  verifier: TokenVerifier;
  config: AppConfig;
}

/** An abuse limit counted before the handler runs; a key of undefined skips it for this request. */
export interface Limit<I> {
  rule: keyof RateLimits;
  bucket: string;
  key(input: I & { caller: Caller; clientAddress: string }): string | undefined;
  /** How the docs name it, e.g. 'codes per phone'. */
  text: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<P, Q, B, H> = { params: Out<P>; query: Out<Q>; body: Out<B>; headers: Out<H> };

export interface EndpointFields<P, Q, B, H> {
  method: 'get' | 'post' | 'put';
  /** As the app routes it (Hono syntax for parameters: `:locationId`). */
  path: `/api/${string}`;
  tag: Tag;
  summary: string;
  description?: string;
  roles: readonly CallerKind[];
  /** A narrower role check once the input is known (e.g. only a kiosk checks in by phone). */
  rolesFor?(input: Input<P, Q, B, H>): readonly CallerKind[];
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the endpoint reads (lower-case names). */
  headers?: H;
  status: 200 | 201;
  response: z.ZodType;
  /** What the body is: JSON (default), or a CSV download the handler streams as a Response. */
  contentType?: 'application/json' | 'text/csv' | 'application/vnd.apple.pkpass';
  /** The failures this endpoint answers with on purpose, and when. */
  errors: Partial<Record<ErrorStatus, string>>;
  limits?: Limit<Input<P, Q, B, H>>[];
  /**
   * The limits are counted in the transaction of the handler's first `call` (one transaction and
   * round trip less; db.ts CallOptions.limits), not before the handler. Only for a handler whose
   * first action is that call: nothing else may run before the limits are counted.
   */
  limitsInCall?: boolean;
  handler(context: HandlerContext<Out<P>, Out<Q>, Out<B>, Out<H>>): Promise<unknown> | unknown;
}

export type Endpoint = EndpointFields<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

/**
 * Every endpoint can meet an outage: the database restarting or too busy (a statement timeout),
 * or Supabase Auth unreachable while a token is checked. Each is a 503 with Retry-After, never a 500.
 */
export const UNAVAILABLE =
  'Postgres or Supabase Auth is unavailable or too busy (restart, failover, statement timeout): nothing was ' +
  'committed by this request; retry after `Retry-After` seconds (with the same `Idempotency-Key`, if any).';

/** What every endpoint that takes a body may answer when the body is larger than the door allows. */
const TOO_LARGE = 'The body is larger than 16 KB.';

/**
 * Declares an endpoint, typing its handler's input by its schemas (and the 503 every endpoint may
 * answer; the 413 every POST or PUT may answer, body schema or not).
 */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
>(fields: EndpointFields<P, Q, B, H>): Endpoint {
  const bodyLimit = fields.method === 'get' ? {} : { 413: fields.errors[413] ?? TOO_LARGE };
  return { ...fields, errors: { ...fields.errors, ...bodyLimit, 503: fields.errors[503] ?? UNAVAILABLE } } as unknown as Endpoint;
}
