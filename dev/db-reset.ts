// `npm run db:reset`: rebuilds the database from the migrations and seeds — the one that
// DATABASE_URL names (dropped and recreated), or the embedded PGlite in .local/pglite.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, migrate, recreateDatabase, ROOT, startEmbeddedPostgres } from './db.ts';

const started = Date.now();
const url = process.env.DATABASE_URL;
if (url) {
  await recreateDatabase(url);
  const sql = connect(url);
  try {
    const result = await migrate(sql);
    console.log(`Rebuilt ${new URL(url).pathname.slice(1)}: ${result.applied.length} migration(s), seeded: ${result.seeded}`);
  } finally {
    await sql.end();
  }
} else {
  const dataDir = join(ROOT, '.local', 'pglite');
  rmSync(dataDir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres({ dataDir, port: 0 });
  const sql = connect(embedded.url);
  try {
    const result = await migrate(sql);
    console.log(`Rebuilt the embedded database (.local/pglite): ${result.applied.length} migration(s), seeded: ${result.seeded}`);
  } finally {
    await sql.end();
    await embedded.stop();
  }
}
console.log(`Done in ${Date.now() - started} ms.`);
