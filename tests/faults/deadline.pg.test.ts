// The pipelined door's deadline (supabase/functions/_shared/db.ts): a call with no answer in time is
// given up as a lost connection (503), and a connection that was only slow goes back to the pool
// once its call is done, so a deadline never shrinks the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { fromDatabaseError } from '../../supabase/functions/_shared/errors.ts';
import { connect, type Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let pool: Sql;

beforeAll(async () => {
  db = await createPostgresDatabase();
  await db.sql.unsafe(`
    create function app.slow_echo(p_ms integer) returns jsonb language sql as $$
      select pg_sleep(p_ms / 1000.0);
      select to_jsonb(p_ms)
    $$;
    grant execute on function app.slow_echo(integer) to service_role`);
  // One connection: a connection kept out of the pool would make every later call wait forever.
  pool = connect(db.url, { max: 1 });
}, 120_000);

afterAll(async () => {
  await pool?.end({ timeout: 1 });
  await db?.drop();
});

describe('the pipelined call deadline', () => {
  it('answers 503 when the database does not answer in time, then serves the next call on the same connection', async () => {
    const door = createDb(pool, { demoMode: false, callDeadlineMs: 300 });
    const late = await door.callAsService('app.slow_echo', { p_ms: 1500 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(fromDatabaseError(late)?.status).toBe(503);
    // The slow call finishes on the server after ~1.5 s; its connection is then handed back.
    const patient = createDb(pool, { demoMode: false });
    const next = await Promise.race([
      patient.callAsService('app.slow_echo', { p_ms: 0 }),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for a connection'), 20_000)),
    ]);
    expect(next).toBe(0);
  }, 60_000);
});
