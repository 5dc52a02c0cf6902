// Database access for the api function: one transaction per call, carrying the caller's role
// and JWT claims exactly as PostgREST does, so RLS and the SQL functions see who is asking.
import type postgres from 'postgres';
import type { Caller } from './caller.ts';
import { ApiError, connectionLost } from './errors.ts';

export type Tx = postgres.TransactionSql;

/** Arguments of an app.* SQL function, by parameter name (p_...); undefined is sent as null. */
export type SqlArgs = Record<string, string | number | boolean | null | undefined>;

const FUNCTION_NAME = /^app\.[a-z][a-z0-9_]*$/;
const PARAMETER_NAME = /^p_[a-z0-9_]+$/;

/**
 * `select app.fn(p_x => $1, ...) as result`: the only SQL a route runs. Named arguments keep a
 * call right when a function gains a parameter; names are checked, values are parameters.
 */
export async function callFunction(tx: Tx, fn: string, args: SqlArgs = {}): Promise<unknown> {
  const [statement, values] = callStatement(fn, args);
  const [row] = await tx.unsafe(statement, values);
  return row?.result;
}

/** An abuse limit to count in a call's own transaction (see CallOptions.limits). */
export interface LimitHit {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface CallOptions {
  /**
   * Abuse limits counted ahead of the rule, in the call's own transaction and round trip
   * (private.take_rate_limit): over a limit, LY429 and the rule never runs. A call that fails
   * rolls its hits back, so each is counted again in a transaction of its own before the error
   * is answered (a 429 if that count is over the limit): every request counts once, as when
   * the limits were counted first in their own transaction.
   */
  limits?: LimitHit[];
}

export interface Db {
  /**
   * `callFunction` as `caller` in its own transaction, sent as one simple query (the limits if
   * any, the session check with claims and role, the call; see DbOptions.oneQuery): one write,
   * one round trip.
   */
  call(caller: Caller, fn: string, args?: SqlArgs, options?: CallOptions): Promise<unknown>;
  /**
   * The same as service_role (server-side bookkeeping such as rate limits). `asyncCommit`: the
   * commit does not wait for the WAL flush — for counts whose loss in a server crash is harmless.
   */
  callAsService(fn: string, args?: SqlArgs, options?: { asyncCommit?: boolean }): Promise<unknown>;
  /** Runs `work` in one transaction as `caller` (set local role + request.jwt.claims). */
  asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction as service_role (server-side bookkeeping such as rate limits). */
  asService<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface DbOptions {
  /** DEMO_MODE: kiosks are trusted without enrolment (local stack only). */
  demoMode: boolean;
  /**
   * Send a call's statements as one pipelined batch (default). false awaits each statement in
   * turn (five round trips): the door before issue 15, kept for the bench's before/after.
   */
  pipeline?: boolean;
  /**
   * Send a pipelined call as ONE simple-protocol query (default): its statements with their
   * values as escaped literals, run by Postgres as one implicit transaction, in one write and
   * one round trip on any pooled connection. false sends the extended-protocol batch (begin,
   * statements with parameters, commit) on a reserved connection: with `prepare: false` (the
   * pooler) postgres.js describes each statement with parameters first, so that batch took
   * three round trips and four socket writes (the bench's before/after keeps it).
   */
  oneQuery?: boolean;
  /**
   * How long a pipelined call may go unanswered before it is given up as a lost connection
   * (503, the connection not reused). Default 30 s: above any statement the api runs.
   */
  callDeadlineMs?: number;
}

/** A pipelined call that got no answer in time: its connection is treated as dead (see below). */
const noAnswer = () =>
  Object.assign(new Error('The database did not answer in time'), { code: 'CONNECTION_CLOSED' });

/** The first statement of every transaction: the session check, then claims, demo mode and role. */
const DOOR = `select private.require_session($1::uuid), set_config('request.jwt.claims', $2, true),
                    set_config('app.demo_mode', $3, true), set_config('role', $4, true)`;
const ASYNC_COMMIT = `${DOOR}, set_config('synchronous_commit', 'off', true)`;
/** One abuse limit counted in the call's transaction, after the door (as the API role). */
const TAKE_LIMIT = 'select private.take_rate_limit($1, $2, $3::integer, $4::integer)';

/** A NUL cannot be in a Postgres text value: refused as Postgres refuses it (a 22xxx data error, 400). */
const nulByte = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

/**
 * A value as an SQL literal of unknown type (Postgres casts it to the parameter's type, as it
 * does a parameter sent as text): an escape-string constant with every backslash and quote
 * doubled, so no value can end the literal whatever standard_conforming_strings says; null as
 * null. The client encoding is UTF-8, whose multi-byte sequences never contain a quote or a
 * backslash byte.
 */
export function sqlLiteral(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'null';
  // Only a string, a finite number or a boolean has one obvious literal: an object would become
  // "[object Object]", NaN or Infinity a word Postgres reads otherwise. Refused, as a bug of ours.
  const kind = typeof value;
  if (kind !== 'string' && kind !== 'boolean' && !(kind === 'number' && Number.isFinite(value))) {
    throw new TypeError(`refused a ${kind === 'number' ? String(value) : kind} as an SQL value`);
  }
  const text = String(value);
  if (text.includes('\0')) throw nulByte();
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The argument names of a call of `fn`, checked: only app.* functions and p_* names reach SQL text. */
function checkedNames(fn: string, args: SqlArgs): string[] {
  const names = Object.keys(args);
  if (!FUNCTION_NAME.test(fn) || !names.every((name) => PARAMETER_NAME.test(name))) {
    throw new Error(`not an app function call: ${fn}(${names.join(', ')})`);
  }
  return names;
}

/**
 * One call's transaction as one simple query: the limits, the door (as DOOR) and the call, each
 * value a literal. Postgres runs a multi-statement query as one implicit transaction: the
 * first error rolls every statement back and skips the rest.
 */
export function oneQueryText(
  role: string,
  claims: Record<string, unknown>,
  sessionId: string | undefined,
  demoMode: boolean,
  fn: string,
  args: SqlArgs,
  asyncCommit: boolean,
  limits: readonly LimitHit[],
): string {
  if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
  const names = checkedNames(fn, args);
  // The role first, from the allow-list, with demo mode (a constant): every statement that
  // carries a value runs after it, as the API role (issue 24 §4).
  const statements = [
    `select set_config('role', '${role}', true), set_config('app.demo_mode', '${demoMode ? 'on' : 'off'}', true)` +
      (asyncCommit ? `, set_config('synchronous_commit', 'off', true)` : ''),
    `select private.require_session(${sqlLiteral(sessionId)}::uuid), ` +
      `set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(claims))}, true)`,
  ];
  for (const hit of limits) {
    statements.push(
      `select private.take_rate_limit(${sqlLiteral(hit.bucket)}, ${sqlLiteral(hit.key)}, ` +
        `${sqlLiteral(hit.limit)}::integer, ${sqlLiteral(hit.windowSeconds)}::integer)`,
    );
  }
  statements.push(
    `select ${fn}(${names.map((name) => `${name} => ${sqlLiteral(args[name])}`).join(', ')}) as result`,
  );
  return statements.join(';\n');
}

function callStatement(fn: string, args: SqlArgs): [string, postgres.ParameterOrJSON<never>[]] {
  const names = checkedNames(fn, args);
  const list = names.map((name, i) => `${name} => $${i + 1}`).join(', ');
  return [
    `select ${fn}(${list}) as result`,
    names.map((name) => args[name] ?? null) as postgres.ParameterOrJSON<never>[],
  ];
}

/**
 * The literals are safe only while client and server speak UTF-8 (no multi-byte character of
 * another encoding can swallow an escaping backslash or quote). Every connection reports both
 * encodings when it starts, and again whenever one changes (ParameterStatus; postgres.js keeps
 * the latest in sql.parameters and asks for UTF8 at startup): anything else, and the door
 * refuses to send a value (503, nothing run).
 */
export function assertUtf8(parameters: Record<string, string | undefined>): void {
  const client = parameters.client_encoding?.toUpperCase();
  const server = parameters.server_encoding?.toUpperCase();
  if (client !== 'UTF8' || server !== 'UTF8') {
    console.error(`[api] refusing to send SQL literals: client_encoding ${client}, server_encoding ${server}`);
    throw Object.assign(new Error('The database connection is not UTF-8'), { code: 'CONNECTION_ENCODING' });
  }
}

export function createDb(sql: postgres.Sql, options: DbOptions): Db {
  const pipeline = options.pipeline ?? true;
  const oneQuery = options.oneQuery ?? true;
  const callDeadlineMs = options.callDeadlineMs ?? 30_000;
  async function run<T>(
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
    work: (tx: Tx) => Promise<T>,
  ) {
    if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
    const result = await sql.begin(async (tx) => {
      if (pipeline) {
        // The session check runs first, still as the connecting role (private.require_session).
        await tx.unsafe(DOOR, doorValues(role, claims, sessionId));
        return work(tx);
      }
      // The door before issue 15, statement by statement (kept for the bench's before/after).
      if (sessionId) {
        const [session] = await tx`select 1 from auth.sessions where id = ${sessionId}`;
        if (!session)
          throw new ApiError(401, 'unauthorized', 'This session has ended; sign in again');
      }
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('app.demo_mode', ${options.demoMode ? 'on' : 'off'}, true)`;
      // The role name comes from the allow-list above, never from the request.
      await tx.unsafe(`set local role ${role}`);
      return work(tx);
    });
    return result as T;
  }

  const doorValues = (
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
  ) =>
    [
      sessionId ?? null,
      JSON.stringify(claims),
      options.demoMode ? 'on' : 'off',
      role,
    ] as postgres.ParameterOrJSON<never>[];

  /**
   * One transaction per call on a reserved connection: by default one simple query (the
   * statements run as one implicit transaction); otherwise (oneQuery false) every statement is
   * written before any answer is read, and a failing statement aborts the transaction, so the
   * ones after it fail too and `commit` rolls back; the first error wins. A call unanswered
   * within callDeadlineMs is given up as a lost connection (503).
   */
  async function pipelined(
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
    fn: string,
    args: SqlArgs,
    asyncCommit = false,
    limits: LimitHit[] = [],
  ) {
    if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => reject(noAnswer()), callDeadlineMs);
    });
    // Built before a connection is taken: a value Postgres cannot take (NUL) fails here.
    let text: string;
    let statement: string;
    let values: postgres.ParameterOrJSON<never>[];
    try {
      if (oneQuery) {
        text = oneQueryText(
          role,
          claims,
          sessionId,
          options.demoMode,
          fn,
          args,
          asyncCommit,
          limits,
        );
      } else {
        [statement, values] = callStatement(fn, args);
      }
    } catch (error) {
      clearTimeout(deadline);
      throw error;
    }
    // A reserved connection, so that a call waits for a free one (first come, first served)
    // instead of queueing behind a slow call on a busy one.
    const reserving = sql.reserve();
    let connection: postgres.ReservedSql;
    try {
      connection = await Promise.race([reserving, unanswered]);
    } catch (error) {
      clearTimeout(deadline);
      // Out of time waiting for a connection: one that turns up later goes back to the pool.
      reserving.then(
        (late) => late.release(),
        () => undefined,
      );
      throw error;
    }
    let lost = false;
    let answered: Promise<PromiseSettledResult<postgres.Row[]>[]> | undefined;
    try {
      if (oneQuery) {
        // Checked on the reserved connection's side of the pool, before any literal leaves.
        assertUtf8(sql.parameters as Record<string, string | undefined>);
        // One result per statement; the call's is the last.
        answered = Promise.allSettled([connection.unsafe(text!)]);
        const [reply] = await Promise.race([answered, unanswered]);
        if (reply!.status === 'rejected') throw reply!.reason;
        const results = (reply as PromiseFulfilledResult<postgres.Row[]>)
          .value as unknown as postgres.Row[][];
        return results[results.length - 1]?.[0]?.result;
      }
      answered = Promise.allSettled([
        connection.unsafe('begin'),
        connection.unsafe(asyncCommit ? ASYNC_COMMIT : DOOR, doorValues(role, claims, sessionId)),
        ...limits.map((hit) =>
          connection.unsafe(TAKE_LIMIT, [
            hit.bucket,
            hit.key,
            hit.limit,
            hit.windowSeconds,
          ] as postgres.ParameterOrJSON<never>[]),
        ),
        connection.unsafe(statement!, values!),
        connection.unsafe('commit'),
      ]);
      const replies = await Promise.race([answered, unanswered]);
      const failed = replies.find((reply) => reply.status === 'rejected');
      if (failed) throw failed.reason;
      const [row] = (replies[replies.length - 2] as PromiseFulfilledResult<postgres.Row[]>).value;
      return row?.result;
    } catch (error) {
      lost = connectionLost(error);
      throw error;
    } finally {
      clearTimeout(deadline);
      // A reserved connection whose server went away (restart, failover) is not handed back:
      // postgres.js 3.4.9 would move it to the open queue without a socket, and the queries it
      // queued when the socket closed never settle (porsager/postgres#1208, #1154). Left out,
      // the pool reconnects it from its closed queue. The deadline ends the wait for those
      // queries, and for a connection while the server is down (reserve() may never settle).
      if (!lost) connection.release();
      // Given up on in time but alive after all (a very slow call): back to the pool once it is done.
      else
        answered?.then(
          (late) =>
            late.some((reply) => reply.status === 'rejected' && connectionLost(reply.reason)) ||
            connection.release(),
        );
    }
  }

  /** Counts one request against `hit` in its own transaction (async commit): the wait in seconds, 0 if allowed. */
  const hitAlone = async (hit: LimitHit) =>
    Number(
      (await call(
        service,
        'app.hit_rate_limit',
        {
          p_bucket: hit.bucket,
          p_key: hit.key,
          p_limit: hit.limit,
          p_window_seconds: hit.windowSeconds,
        },
        true,
      )) ?? 0,
    );
  const tooMany = (wait: number) =>
    new ApiError(429, 'rate_limited', 'Too many requests; try again later', undefined, wait);

  /** A call with its limits: in its transaction when pipelined, else each in its own transaction first. */
  async function callWithLimits(caller: Caller, fn: string, args: SqlArgs, limits: LimitHit[]) {
    if (!pipeline) {
      for (const hit of limits) {
        const wait = await hitAlone(hit);
        if (wait > 0) throw tooMany(wait);
      }
      return call(caller, fn, args);
    }
    try {
      return await pipelined(caller.role, caller.claims, caller.sessionId, fn, args, false, limits);
    } catch (error) {
      // The failed transaction took its hits back with it: count them again on their own.
      for (const hit of limits) {
        const wait = await hitAlone(hit).catch(() => 0);
        if (wait > 0) throw tooMany(wait);
      }
      throw error;
    }
  }

  const call = (
    caller: Pick<Caller, 'claims' | 'sessionId'> & { role: string },
    fn: string,
    args: SqlArgs,
    asyncCommit = false,
  ) =>
    pipeline
      ? pipelined(caller.role, caller.claims, caller.sessionId, fn, args, asyncCommit)
      : run(caller.role, caller.claims, caller.sessionId, (tx) => callFunction(tx, fn, args));
  const service = { role: 'service_role', claims: { role: 'service_role' }, sessionId: undefined };
  return {
    call: (caller, fn, args = {}, callOptions = {}) =>
      callOptions.limits?.length
        ? callWithLimits(caller, fn, args, callOptions.limits)
        : call(caller, fn, args),
    callAsService: (fn, args = {}, callOptions = {}) =>
      call(service, fn, args, callOptions.asyncCommit),
    asCaller: (caller, work) => run(caller.role, caller.claims, caller.sessionId, work),
    asService: (work) => run('service_role', { role: 'service_role' }, undefined, work),
    end: () => sql.end(),
  };
}
