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
   * `callFunction` as `caller` in its own transaction (the door with claims and role, the limits
   * if any, the call), every value a bound parameter: one write, one round trip.
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
   * How long a call may go unanswered before it is given up as a lost connection (503, the
   * connection not reused). Default 30 s: above any statement the api runs.
   */
  callDeadlineMs?: number;
}

/** A call that got no answer in time: its connection is treated as dead (see below). */
const noAnswer = () =>
  Object.assign(new Error('The database did not answer in time'), { code: 'CONNECTION_CLOSED' });

/**
 * The first statement of a transaction the api opens itself (asCaller, asService): the session
 * check, then claims, demo mode and role (the role last, so the session check still runs as the
 * connecting role: private.require_session).
 */
const DOOR = `select private.require_session($1::uuid), set_config('request.jwt.claims', $2, true),
                    set_config('app.demo_mode', $3, true), set_config('role', $4, true)`;
/** A call's whole transaction as one statement: private.door (supabase/schemas/85_request_door.sql). */
const DOOR_CALL = 'select private.door($1, $2, $3, $4, $5, $6, $7, $8) as result';

/** A NUL cannot be in a Postgres text value: refused as Postgres refuses it (a 22xxx data error, 400). */
const nulByte = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

/**
 * A value as a bound parameter: its text, sent apart from the statement (a parameter of unknown
 * type, which Postgres casts to the function parameter's type as it would a quoted constant);
 * null as null. Only a string, a finite number or a boolean has one obvious text: an object would
 * become "[object Object]", NaN or Infinity a word Postgres reads otherwise. Refused, as a bug of
 * ours. A NUL is refused before anything is sent.
 */
export function boundValue(value: string | number | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const kind = typeof value;
  if (kind !== 'string' && kind !== 'boolean' && !(kind === 'number' && Number.isFinite(value))) {
    throw new TypeError(`refused a ${kind === 'number' ? String(value) : kind} as an SQL value`);
  }
  const text = String(value);
  if (text.includes('\0')) throw nulByte();
  return text;
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
 * `select app.fn(p_x => $1, ...) as result` and its values: the SQL text is made of the checked
 * function and parameter names only; every value is a parameter.
 */
export function callStatement(fn: string, args: SqlArgs): [string, (string | null)[]] {
  const names = checkedNames(fn, args);
  const list = names.map((name, i) => `${name} => $${i + 1}`).join(', ');
  return [`select ${fn}(${list}) as result`, names.map((name) => boundValue(args[name]))];
}

/**
 * `select * from app.fn(p_x => $1, ...)` and its values: the rows of a set-returning function
 * (CSV exports, read with a postgres.js cursor, which describes the statement first and sends
 * each value as its parameter's type wants: the values go as they are, checked).
 */
export function rowsStatement(fn: string, args: SqlArgs): [string, postgres.ParameterOrJSON<never>[]] {
  const names = checkedNames(fn, args);
  const list = names.map((name, i) => `${name} => $${i + 1}`).join(', ');
  const values = names.map((name) => (boundValue(args[name]), args[name] ?? null));
  return [`select * from ${fn}(${list})`, values as postgres.ParameterOrJSON<never>[]];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A catalogue type name as format_type writes it (`integer`, `timestamp with time zone`, `app.x[]`). */
const TYPE_NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?( [a-z]+)*(\[\])?$/;

/**
 * The call private.door runs: `select to_jsonb(app.fn(p_x => ($1->>0)::type, ...))`, made of the
 * checked function and parameter names and the parameters' catalogue types only; its values go
 * as one JSON array parameter ($1). A name the catalogue does not know stays uncast text, and
 * Postgres refuses the call as it would any call of a function that does not exist.
 */
export function doorCall(fn: string, args: SqlArgs, types: ReadonlyMap<string, string>): [string, string] {
  const names = checkedNames(fn, args);
  const list = names.map((name, i) => {
    const type = types.get(name);
    if (type !== undefined && !TYPE_NAME.test(type)) throw new Error(`not a type name: ${type}`);
    return `${name} => ($1->>${i})${type ? `::${type}` : ''}`;
  });
  const values = names.map((name) => {
    const value = boundValue(args[name]);
    // As a parameter's text would reach Postgres: a lone surrogate becomes U+FFFD.
    return value === null ? null : value.replace(LONE_SURROGATE, '\uFFFD');
  });
  return [`select to_jsonb(${fn}(${list.join(', ')}))`, JSON.stringify(values)];
}

/** The IN parameters of app.`name` and their types, as format_type writes them (every overload). */
const PARAMETER_TYPES = `
  select a.name, pg_catalog.format_type(coalesce(p.proallargtypes[a.i], p.proargtypes[a.i - 1]), null) as type
  from pg_catalog.pg_proc p, unnest(p.proargnames) with ordinality a(name, i)
  where p.pronamespace = 'app'::regnamespace and p.proname = $1
    and coalesce(p.proargmodes[a.i], 'i') in ('i', 'b') and a.name <> ''`;

/**
 * A statement with bound parameters that goes out in the same write as the statements queued
 * with it. postgres.js describes a statement with parameters before binding them when it cannot
 * prepare (`prepare: false`, as Supabase's transaction pooler needs), to learn their types: a
 * round trip of its own for each. Every value here is text of unknown type (boundValue), so there
 * is nothing to learn: the values are handed to the query as its parameters (postgres.js 3.4's
 * `Query.parameters`, which it keeps when set) and it sends Parse (unnamed, unknown types), Bind,
 * Execute and Sync at once. tests/db/door.pg.test.ts proves one write per call and the values'
 * round trip byte for byte, so an upgrade of postgres.js that changes this fails there.
 */
function bound(sql: postgres.Sql | postgres.TransactionSql | postgres.ReservedSql, text: string, values: (string | null)[]) {
  // `simple: false`: with no arguments postgres.js would otherwise send a simple query.
  const query = sql.unsafe(text, [], { simple: false, prepare: false } as postgres.UnsafeQueryOptions);
  (query as unknown as { parameters: (string | null)[] }).parameters = values;
  return query;
}

/** `select app.fn(...)` as the only SQL a route runs, in `tx` (a transaction already through the door). */
export async function callFunction(tx: Tx, fn: string, args: SqlArgs = {}): Promise<unknown> {
  const [statement, values] = callStatement(fn, args);
  const [row] = await bound(tx, statement, values);
  return row?.result;
}

export function createDb(sql: postgres.Sql, options: DbOptions): Db {
  const callDeadlineMs = options.callDeadlineMs ?? 30_000;

  const doorValues = (
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
  ): [string | null, string | null, string, string] => {
    if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
    return [boundValue(sessionId), boundValue(JSON.stringify(claims)), options.demoMode ? 'on' : 'off', role];
  };

  async function run<T>(
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
    work: (tx: Tx) => Promise<T>,
  ) {
    const values = doorValues(role, claims, sessionId);
    const result = await sql.begin(async (tx) => {
      await bound(tx, DOOR, values);
      return work(tx);
    });
    return result as T;
  }

  /**
   * One call's transaction on a reserved connection, written at once: begin, the door, the
   * limits, the call and commit, each statement with its values bound, in one write and one round
   * trip. A failing statement aborts the transaction, so the ones after it fail too and `commit`
   * rolls back; the first error wins. A call unanswered within callDeadlineMs is given up as a
   * lost connection (503).
   */
  /**
   * Each app function's parameter types, looked up once (a call's text casts each value to its
   * parameter's type). A function that changes its parameters is looked up again after a call of
   * it fails for that (undefined function, ambiguous or mistyped argument).
   */
  const parameterTypes = new Map<string, Promise<Map<string, string>>>();
  const typesOf = (fn: string) => {
    let types = parameterTypes.get(fn);
    if (!types) {
      types = bound(sql, PARAMETER_TYPES, [fn.slice('app.'.length)]).then((rows) => {
        const found = new Map<string, string>();
        for (const row of rows as unknown as { name: string; type: string }[]) {
          // Overloads that disagree on a name's type: no cast, Postgres chooses (or refuses).
          found.set(row.name, found.has(row.name) && found.get(row.name) !== row.type ? '' : row.type);
        }
        for (const [name, type] of found) if (!type) found.delete(name);
        return found;
      });
      parameterTypes.set(fn, types);
      types.catch(() => parameterTypes.delete(fn));
    }
    return types;
  };
  const STALE_SIGNATURE = new Set(['42883', '42725', '42804']);

  /**
   * One call's transaction as one statement (private.door) on a reserved connection: the door,
   * the limits and the call, every value a bound parameter, in one write and one round trip. A
   * call unanswered within callDeadlineMs is given up as a lost connection (503).
   */
  async function door(
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
    fn: string,
    args: SqlArgs,
    asyncCommit = false,
    limits: LimitHit[] = [],
  ) {
    // Checked before a connection is taken: a value Postgres cannot take (NUL) fails here.
    const [session, claimsText, demoMode, checkedRole] = doorValues(role, claims, sessionId);
    checkedNames(fn, args);
    const limitsJson = JSON.stringify(
      limits.map((hit) => ({
        bucket: boundValue(hit.bucket),
        key: boundValue(hit.key),
        limit: boundValue(hit.limit),
        windowSeconds: boundValue(hit.windowSeconds),
      })),
    );
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => reject(noAnswer()), callDeadlineMs);
    });
    let call: string;
    let argsJson: string;
    try {
      [call, argsJson] = doorCall(fn, args, await Promise.race([typesOf(fn), unanswered]));
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
      answered = Promise.allSettled([
        bound(connection, DOOR_CALL, [
          session,
          claimsText,
          demoMode,
          checkedRole,
          asyncCommit ? 'true' : 'false',
          limitsJson,
          call,
          argsJson,
        ]),
      ]);
      const [reply] = await Promise.race([answered, unanswered]);
      if (reply!.status === 'rejected') throw reply!.reason;
      return reply!.value[0]?.result;
    } catch (error) {
      lost = connectionLost(error);
      if (STALE_SIGNATURE.has((error as { code?: string }).code ?? '')) parameterTypes.delete(fn);
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

  /** A call with its limits counted in its own transaction. */
  async function callWithLimits(caller: Caller, fn: string, args: SqlArgs, limits: LimitHit[]) {
    try {
      return await door(caller.role, caller.claims, caller.sessionId, fn, args, false, limits);
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
  ) => door(caller.role, caller.claims, caller.sessionId, fn, args, asyncCommit);
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
