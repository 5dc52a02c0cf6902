// Serves a declared endpoint: checks the caller's role, parses path, query, headers and body
// with the declared schemas, counts its abuse limits, runs the handler and answers its result
// parsed by the declared response schema. No endpoint does any of this itself.
import type { Context, Hono } from 'hono';
import { requireRole, type Caller } from './caller.ts';
import type { AppEnv } from './context.ts';
import { EmptyQuery } from './contract.ts';
import { callFunction, type SqlArgs } from './db.ts';
import type { Endpoint, HandlerContext } from './endpoint.ts';
import { clientAddress, enforceRateLimit } from './rate-limit.ts';
import { streamCsv } from './stream.ts';
import { checkInput, readJsonBody } from './validation.ts';

async function readInput(c: Context<AppEnv>, endpoint: Endpoint) {
  const headerValues = Object.fromEntries(c.req.raw.headers.entries());
  return {
    params: endpoint.params ? checkInput(endpoint.params, c.req.param(), 'path') : undefined,
    // A repeated query parameter counts once (its first value); unknown ones are refused.
    query: checkInput(endpoint.query ?? EmptyQuery, c.req.query(), 'query'),
    headers: endpoint.headers ? checkInput(endpoint.headers, headerValues, 'headers') : undefined,
    body: endpoint.body ? checkInput(endpoint.body, await readJsonBody(c.req.raw), 'body') : undefined,
  };
}

function handlerContext(c: Context<AppEnv>, caller: Caller, input: Awaited<ReturnType<typeof readInput>>): HandlerContext {
  const { db, auth, verifier, config } = c.var;
  return {
    ...input,
    caller,
    call: (fn: string, args?: SqlArgs, as: Caller = caller) => db.asCaller(as, (tx) => callFunction(tx, fn, args)),
    callAsService: (fn: string, args?: SqlArgs) => db.asService((tx) => callFunction(tx, fn, args)),
    streamCsv: (spec) => streamCsv(db, caller, spec),
    auth,
    verifier,
    config,
  };
}

/** Adds `endpoint` to `app` (an app with basePath('/api')). */
export function mountEndpoint(app: Hono<AppEnv>, endpoint: Endpoint): void {
  const path = endpoint.path.replace(/^\/api/, '') || '/';
  app.on(endpoint.method.toUpperCase(), path, async (c) => {
    const caller = requireRole(c.var.caller, endpoint.roles);
    const input = await readInput(c, endpoint);
    if (endpoint.rolesFor) requireRole(caller, endpoint.rolesFor(input));
    const clientIp = clientAddress((name) => c.req.header(name), c.var.config.clientIpHeader);
    for (const limit of endpoint.limits ?? []) {
      const key = limit.key({ ...input, caller, clientAddress: clientIp });
      if (key !== undefined) await enforceRateLimit(c.var.db, limit.bucket, key, c.var.config.rateLimits[limit.rule]);
    }
    const result = await endpoint.handler(handlerContext(c, caller, input));
    // A download (text/csv) is streamed by its handler; its rows are typed by the SQL function.
    if (endpoint.contentType === 'text/csv' && result instanceof Response) return result;
    return c.json(endpoint.response.parse(result), endpoint.status);
  });
}
