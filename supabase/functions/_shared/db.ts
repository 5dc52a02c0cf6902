// Database access for the api function: one transaction per call, carrying the caller's role
// and JWT claims exactly as PostgREST does, so RLS and the SQL functions see who is asking.
import type postgres from 'postgres';
import type { Caller } from './caller.ts';
import { ApiError } from './errors.ts';

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
  const names = Object.keys(args);
  if (!FUNCTION_NAME.test(fn) || !names.every((name) => PARAMETER_NAME.test(name))) {
    throw new Error(`not an app function call: ${fn}(${names.join(', ')})`);
  }
  const list = names.map((name, i) => `${name} => $${i + 1}`).join(', ');
  const values = names.map((name) => args[name] ?? null);
  const [row] = await tx.unsafe(`select ${fn}(${list}) as result`, values as postgres.ParameterOrJSON<never>[]);
  return row?.result;
}

export interface Db {
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
}

export function createDb(sql: postgres.Sql, options: DbOptions): Db {
  async function run<T>(
    role: string,
    claims: Record<string, unknown>,
    sessionId: string | undefined,
    work: (tx: Tx) => Promise<T>,
  ) {
    if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
    const result = await sql.begin(async (tx) => {
      // A signed-out (revoked) session keeps a valid signature until it expires; GoTrue deletes
      // its auth.sessions row, so the token is refused here, still as the connecting role.
      if (sessionId) {
        const [session] = await tx`select 1 from auth.sessions where id = ${sessionId}`;
        if (!session) throw new ApiError(401, 'unauthorized', 'This session has ended; sign in again');
      }
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('app.demo_mode', ${options.demoMode ? 'on' : 'off'}, true)`;
      // The role name comes from the allow-list above, never from the request.
      await tx.unsafe(`set local role ${role}`);
      return work(tx);
    });
    return result as T;
  }
  return {
    asCaller: (caller, work) => run(caller.role, caller.claims, caller.sessionId, work),
    asService: (work) => run('service_role', { role: 'service_role' }, undefined, work),
    end: () => sql.end(),
  };
}
