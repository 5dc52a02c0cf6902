// npm run db:reset on an embedded database: everything written since is gone — sign-in code
// counters and Auth's rate-limit windows included — and the migrations and seeds are applied afresh.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetDatabase } from './db-reset.ts';
import { connect, listMigrations, startEmbeddedPostgres } from './db.ts';

it('rebuilds a file-backed PGlite from the migrations and seeds', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'village-rewards-reset-'));
  try {
    const first = await resetDatabase({ dataDir });
    expect(first).toEqual({ applied: listMigrations().map((m) => m.version), seeded: true });
    const embedded = await startEmbeddedPostgres({ dataDir });
    const sql = connect(embedded.url);
    await sql`insert into auth.users (id, aud, role) values (gen_random_uuid(), 'authenticated', 'authenticated')`;
    await sql`insert into private.sign_in_codes (phone, sent_at, attempts)
              values ('+15555550100', array[now(), now(), now(), now(), now()], 5)`;
    await sql`insert into auth_dev.rate_limits (bucket, window_start, hits) values ('sms_sent', now(), 30)`;
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from auth.users`;
    await sql.end();
    await embedded.stop();

    const second = await resetDatabase({ dataDir });
    expect(second).toEqual(first);
    const again = await startEmbeddedPostgres({ dataDir });
    const check = connect(again.url);
    try {
      const [after] = await check<{ n: number }[]>`select count(*)::int as n from auth.users`;
      expect(after!.n).toBe(before!.n - 1);
      const [counters] = await check<{ codes: number; limits: number }[]>`
        select (select count(*)::int from private.sign_in_codes) as codes,
               (select count(*)::int from auth_dev.rate_limits) as limits`;
      expect(counters).toEqual({ codes: 0, limits: 0 });
    } finally {
      await check.end();
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Two resets on a file-backed database, each initdb and every migration (about 20 CPU-seconds in
  // all): a minute was not enough on a machine busy with the rest of npm test.
}, 420_000);
