// The API client of PRODUCT §7: every request sends cookies and, when signed in, the Supabase access
// token as `Authorization: Bearer` (the API ignores cookies); a JSON content type and body only
// with a payload; a non-ok response throws "<status>: <body text or status text>" (the spec's
// toast rules match on it) while `userMessage` gives visitors the API's own words, never JSON.
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint, HookRoute, Route, routes } from '@contract';
import { hasStoredSession } from './auth-storage.ts';
import { loadOnce } from './load-once.ts';

/**
 * Every endpoint's method and path, by name (`endpoints.me`, `endpoints.adminCustomers`…), what a
 * call names: plain objects (one shared chunk, 1.6 KB gzipped), no zod.
 */
export * as endpoints from '../../supabase/functions/_shared/contract/endpoints.ts';

/** Where /api lives: the same origin (Vite proxy or a host rewrite) unless configured. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The API's error body `{ error: { code, message, fields? } }`, read leniently. */
function readErrorBody(text: string): {
  code?: string;
  message?: string;
  fields?: Record<string, string[]>;
} {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'error' in body) {
      const error = (body as { error: unknown }).error;
      if (error && typeof error === 'object') return error as ReturnType<typeof readErrorBody>;
    }
  } catch {
    // not JSON: a proxy's or gateway's page
  }
  return {};
}

const INVALID_ENTRY = 'Some of what was entered is not valid. Please check it and try again.';

/**
 * Words no person should read: a validator's or a framework's own ("Invalid query", "Too big:
 * expected string to have <=5000 characters", "Internal error"). The API words its answers
 * itself; this is the client's guard for an older server, a proxy or a path that did not.
 */
const RAW_MESSAGE = /^(Invalid (body|query|path|headers?|input)\b|Internal (server )?error|Too (big|small):|Unrecognized keys?\b|Expected \w+, received|Bad Request|Not Found$|Payload Too Large|The body is )/i;

/** A field's message as a person reads it: the API's sentence, or what to check when it was raw. */
function plainField(field: string, message: string): string {
  if (!RAW_MESSAGE.test(message)) return message;
  const label = field.split('.').pop()!.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `Please check the ${label}.`;
}

/** The sentence of an error body, never a validator's or a framework's raw words. */
export function plainApiMessage(
  status: number,
  message: string | undefined,
  fields: Record<string, string[]> | undefined,
): string {
  if (message && !RAW_MESSAGE.test(message)) return message;
  if (status === 400 || status === 413) {
    const first = Object.entries(fields ?? {}).flatMap(([field, list]) => list.map((m) => plainField(field, m)))[0];
    return status === 413 ? 'That is too much to send at once. Please shorten it and try again.' : (first ?? INVALID_ENTRY);
  }
  return FALLBACK_MESSAGE;
}

export class ApiError extends Error {
  /** The API's error code (`conflict`, `not_found`…), when the body had one. */
  readonly code: string | undefined;
  /** Field-level messages of a 400, keyed by field name. */
  readonly fields: Record<string, string[]> | undefined;
  /** What a visitor may read: the API's `error.message`, else a plain sentence. */
  readonly userMessage: string;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** The answer's Retry-After (429, 503), in seconds, when it named one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    const body = readErrorBody(bodyText);
    this.code = body.code;
    this.fields =
      body.fields && typeof body.fields === 'object'
        ? Object.fromEntries(
            Object.entries(body.fields).map(([field, list]) => [
              field,
              (Array.isArray(list) ? list : []).map((m) => plainField(field, String(m))),
            ]),
          )
        : undefined;
    this.userMessage = plainApiMessage(
      status,
      typeof body.message === 'string' ? body.message : undefined,
      this.fields,
    );
  }
}

/** The sentence a screen shows for any failure: never raw JSON or a status code. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof TypeError)
    return 'We could not reach the server. Check your connection and try again.';
  return FALLBACK_MESSAGE;
}

/**
 * True when a request never got an answer from the API: the network is down (fetch rejects with a
 * TypeError) or a gateway in between answered 502/503/504. Such a request may be retried.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && [502, 503, 504].includes(error.status);
}

/** True for a 429 from a visit limit or rate limit: the message says when to try again. */
export function isTooSoon(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** The signed-in caller's access token; a visitor (no stored session) never loads supabase-js. */
async function accessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const { getAccessToken } = await import('./supabase.ts');
  return getAccessToken();
}

/** Extra request headers (e.g. `Idempotency-Key` on approvals and redemptions, `Accept: text/csv`). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

export async function apiRequest(
  method: string,
  url: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const hasPayload = payload !== undefined;
  const headers: Record<string, string> = {
    ...options.headers,
    ...(hasPayload ? { 'Content-Type': 'application/json' } : {}),
  };
  const token = await accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE}${url}`, {
    method,
    headers,
    body: hasPayload ? JSON.stringify(payload) : undefined,
    credentials: 'include',
  });
  if (response.status === 401 && token && method === 'GET') {
    // A read refused with a current token: the server ended the session (supabase-js refreshes
    // an expiring one before handing it out). Forget it here and ask once more as a visitor, so
    // public reads (the catalogue a kiosk landing waits for) work again and screens that need a
    // session see "signed out" instead of retrying a dead token for ever. Only reads: a 401 from
    // a POST may be a wrong code typed by a signed-in member.
    const { forgetEndedSession } = await import('./supabase.ts');
    await forgetEndedSession();
    return apiRequest(method, url, payload, options);
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      response.status,
      await response.text(),
      response.statusText,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return response;
}

/** A request whose JSON answer is parsed with the contract's schema (never trusted as-is). */
export async function apiJson<S extends z.ZodType>(
  schema: S,
  method: string,
  url: string,
  payload?: unknown,
  options?: RequestOptions,
): Promise<z.infer<S>> {
  const response = await apiRequest(method, url, payload, options);
  return schema.parse(await response.json());
}

/** `path` with a query string of the non-null entries of `query` (none: the bare path). */
function withQuery(path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The URL a query key stands for: parts joined with '/'; a key of exactly two parts whose
 * second is an object is a path plus query parameters (its non-null entries).
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const [first, second] = queryKey;
  if (
    queryKey.length === 2 &&
    typeof first === 'string' &&
    second !== null &&
    typeof second === 'object'
  ) {
    return withQuery(first, second);
  }
  return queryKey.join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET the key's URL and parse it with `schema`; with `on401: 'returnNull'` a 401 answers null (PRODUCT §7). */
export async function getByKey<S extends z.ZodType>(
  schema: S,
  queryKey: QueryKey,
): Promise<z.infer<S>>;
export async function getByKey<S extends z.ZodType>(
  schema: S,
  queryKey: QueryKey,
  options: { on401: UnauthorizedBehavior },
): Promise<z.infer<S> | null>;
export async function getByKey<S extends z.ZodType>(
  schema: S,
  queryKey: QueryKey,
  options: { on401: UnauthorizedBehavior } = { on401: 'throw' },
): Promise<z.infer<S> | null> {
  return answerOn401(apiJson(schema, 'GET', urlFromQueryKey(queryKey)), options.on401);
}

/** The call's answer; with `on401: 'returnNull'` a 401 (nobody signed in) answers null (PRODUCT §7). */
export async function answerOn401<T>(
  call: Promise<T>,
  on401: UnauthorizedBehavior,
): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// Calling a declared endpoint (contract/endpoints.ts, `endpoints` above): the method and path come
// from the endpoint, the inputs it takes and the schema its answer is parsed with from its
// declaration in contract/routes.ts (the one the api mounts), so a call cannot drift from the
// endpoint it names. The request goes out at once; the contract (zod and every schema, 43 KB
// gzipped) loads beside it, once, so no screen waits for it before it paints.

type Routes = typeof routes;

/** The declarations of contract/routes.ts (hooks left out) by method and path: `get /api/me`. */
type RoutesByPlace = {
  [K in keyof Routes as Routes[K] extends { response: unknown }
    ? `${Routes[K]['method']} ${Routes[K]['path']}`
    : never]: Routes[K];
};

type Place<E extends Endpoint> = `${E['method']} ${E['path']}`;

/** The declaration (contract/routes.ts) of the endpoint with this method and path. */
export type RouteOf<E extends Endpoint> =
  RoutesByPlace[Place<E> extends keyof RoutesByPlace ? Place<E> : never];

/** Nothing: what an input with no required field accepts. */
type Nothing = Record<never, never>;

/** An input part the route declares: required unless every field of it is optional. */
type Part<K extends string, S> = S extends z.ZodType
  ? Nothing extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

type Declared<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S }
  ? S
  : undefined;

/** What a call of `E` passes: its path parameters, query and body, as the contract types them. */
export type EndpointInput<E extends Endpoint> = Part<'params', Declared<RouteOf<E>, 'params'>> &
  Part<'query', Declared<RouteOf<E>, 'query'>> &
  Part<'body', Declared<RouteOf<E>, 'body'>> & {
    /** Extra request headers (`Idempotency-Key`, `Accept`). */
    headers?: Record<string, string>;
  };

/** The input argument: optional when nothing in it is required. */
type InputArgs<E extends Endpoint> =
  Nothing extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/** What a call of `E` answers: its JSON as the route's response schema parses it. */
export type EndpointAnswer<E extends Endpoint> =
  RouteOf<E> extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** The URL of a call: `:name` parameters filled in (encoded), the query's non-null entries appended. */
export function endpointUrl(
  endpoint: Endpoint,
  input: { params?: object; query?: object } = {},
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  return withQuery(path, input.query);
}

/** What any call passes, as the implementations below read it. */
interface AnyInput {
  params?: object;
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
}

function send(endpoint: Endpoint, input: AnyInput): Promise<Response> {
  return apiRequest(
    endpoint.method.toUpperCase(),
    endpointUrl(endpoint, input),
    input.body,
    input.headers ? { headers: input.headers } : {},
  );
}

/** Sends a call of `endpoint` and answers the raw Response (a CSV download, say). */
export function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[input]: NoInfer<InputArgs<E>>
): Promise<Response>;
export function requestEndpoint(endpoint: Endpoint, input: AnyInput = {}): Promise<Response> {
  return send(endpoint, input);
}

/** The contract's declarations by method and path, loaded on the first call (again after a failure). */
const declarations = loadOnce(() =>
  import('@contract').then(({ routes }) => {
    const byPlace = new Map<string, Route>();
    for (const route of Object.values(routes) as (Route | HookRoute)[]) {
      if ('response' in route) byPlace.set(`${route.method} ${route.path}`, route);
    }
    return byPlace;
  }),
);

/** The response schema of `endpoint`, from its declaration in the contract. */
async function responseSchema(endpoint: Endpoint): Promise<z.ZodType> {
  const route = (await declarations()).get(`${endpoint.method} ${endpoint.path}`);
  if (!route) throw new Error(`${endpoint.method} ${endpoint.path} is not in contract/routes.ts`);
  return route.response;
}

/** Calls `endpoint` and answers its JSON parsed with its declared response schema. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...args: NoInfer<InputArgs<E>>
): Promise<EndpointAnswer<E>>;
export async function callEndpoint(endpoint: Endpoint, input: AnyInput = {}): Promise<unknown> {
  const schema = responseSchema(endpoint);
  // Unobserved until the answer is read: a failed request must not also report a failed load.
  schema.catch(() => {});
  const response = await send(endpoint, input);
  return (await schema).parse(await response.json());
}
