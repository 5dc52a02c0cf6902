// Database access for the api function: one transaction per call, carrying the caller's role
// and JWT claims exactly as PostgREST does, so RLS and the SQL functions see who is asking.
import type postgres from 'postgres';

/** Who is calling, from verified JWT claims (or nobody: anon). */
export interface Caller {
  role: 'anon' | 'authenticated';
  /** The verified access-token claims; `{ role: 'anon' }` for callers without a session. */
  claims: Record<string, unknown>;
}

export type Tx = postgres.TransactionSql;

export interface Db {
  /** Runs `work` in one transaction as `caller` (set local role + request.jwt.claims). */
  asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction as service_role (server-side bookkeeping such as rate limits). */
  asService<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export const ANON: Caller = { role: 'anon', claims: { role: 'anon' } };

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface DbOptions {
  /** DEMO_MODE: kiosks are trusted without enrolment (local stack only). */
  demoMode: boolean;
}

export function createDb(sql: postgres.Sql, options: DbOptions): Db {
  async function run<T>(role: string, claims: Record<string, unknown>, work: (tx: Tx) => Promise<T>) {
    if (!ROLES.has(role)) throw new Error(`unknown database role ${role}`);
    const result = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('app.demo_mode', ${options.demoMode ? 'on' : 'off'}, true)`;
      // The role name comes from the allow-list above, never from the request.
      await tx.unsafe(`set local role ${role}`);
      return work(tx);
    });
    return result as T;
  }
  return {
    asCaller: (caller, work) => run(caller.role, caller.claims, work),
    asService: (work) => run('service_role', { role: 'service_role' }, work),
    end: () => sql.end(),
  };
}
