// Serves a declared endpoint: checks the caller's role, parses path, query, headers and body
// with the declared schemas, counts its abuse limits, runs the handler and answers its result
// parsed by the declared response schema. No endpoint does any of this itself.
import type { Context, Handler, Hono } from 'hono';
import { requireRole, type Caller } from './caller.ts';
import type { AppEnv } from './context.ts';
import { EmptyQuery, type HookRoute } from './contract.ts';
import type { LimitHit, SqlArgs } from './db.ts';
import type { Endpoint, HandlerContext } from './endpoint.ts';
import { clientAddress, enforceRateLimit } from './rate-limit.ts';
import { streamCsv } from './stream.ts';
import { checkInput, readJsonBody } from './validation.ts';

async function readInput(c: Context<AppEnv>, endpoint: Endpoint) {
  return {
    params: endpoint.params ? checkInput(endpoint.params, c.req.param(), 'path') : undefined,
    // A repeated query parameter counts once (its first value); unknown ones are refused.
    query: checkInput(endpoint.query ?? EmptyQuery, c.req.query(), 'query'),
    // Copied only for the endpoints that declare headers (a cost on every request otherwise).
    headers: endpoint.headers
      ? checkInput(endpoint.headers, Object.fromEntries(c.req.raw.headers.entries()), 'headers')
      : undefined,
    body: endpoint.body ? checkInput(endpoint.body, await readJsonBody(c.req.raw), 'body') : undefined,
  };
}

function handlerContext(
  c: Context<AppEnv>,
  caller: Caller,
  input: Awaited<ReturnType<typeof readInput>>,
  pending: { limits: LimitHit[] },
): HandlerContext {
  const { db, auth, verifier, config } = c.var;
  return {
    ...input,
    caller,
    // The first call carries the limits left to count (endpoint.limitsInCall), the others none.
    call: (fn: string, args?: SqlArgs, as: Caller = caller) => {
      const limits = pending.limits;
      pending.limits = [];
      return db.call(as, fn, args, { limits });
    },
    callAsService: (fn: string, args?: SqlArgs) => db.callAsService(fn, args),
    streamCsv: (spec) => streamCsv(db, caller, spec),
    auth,
    verifier,
    config,
  };
}

/** A declared path as routed inside an app with basePath('/api'). */
const appPath = (path: string) => path.replace(/^\/api/, '') || '/';

/** Adds a hook at its declared method and path; its handler checks the caller and reads the body. */
export function mountHook(app: Hono<AppEnv>, route: HookRoute, handler: Handler<AppEnv>): void {
  app.on(route.method.toUpperCase(), appPath(route.path), handler);
}

/** Adds `endpoint` to `app` (an app with basePath('/api')). */
export function mountEndpoint(app: Hono<AppEnv>, endpoint: Endpoint): void {
  app.on(endpoint.method.toUpperCase(), appPath(endpoint.path), async (c) => {
    const caller = requireRole(c.var.caller, endpoint.roles);
    const input = await readInput(c, endpoint);
    if (endpoint.rolesFor) requireRole(caller, endpoint.rolesFor(input));
    const clientIp = clientAddress((name) => c.req.header(name), c.var.config.clientIpHeader);
    const hits: LimitHit[] = [];
    for (const limit of endpoint.limits ?? []) {
      const key = limit.key({ ...input, caller, clientAddress: clientIp });
      if (key !== undefined) hits.push({ bucket: limit.bucket, key, ...c.var.config.rateLimits[limit.rule] });
    }
    const pending = { limits: endpoint.limitsInCall ? hits : [] };
    if (!endpoint.limitsInCall) for (const hit of hits) await enforceRateLimit(c.var.db, hit);
    let result: unknown;
    try {
      result = await endpoint.handler(handlerContext(c, caller, input, pending));
    } finally {
      // A handler that answered without calling the database still counts its request.
      for (const hit of pending.limits) await enforceRateLimit(c.var.db, hit);
    }
    // A download (a CSV, a .pkpass) is the handler's own Response; a CSV's rows are typed by the SQL function.
    if (endpoint.contentType && endpoint.contentType !== 'application/json' && result instanceof Response) return result;
    return c.json(endpoint.response.parse(result), endpoint.status);
  });
}
