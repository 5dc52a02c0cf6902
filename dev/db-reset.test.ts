// npm run db:reset on an embedded database: everything written since is gone, and the
// migrations and seeds are applied afresh.
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
    } finally {
      await check.end();
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
