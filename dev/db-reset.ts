// `npm run db:reset`: rebuilds the database from the migrations and seeds — the one that
// DATABASE_URL names (dropped and recreated), or the embedded PGlite in .local/pglite.
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DATA_DIR, loadConfig } from './config.ts';
import {
  connect,
  migrate,
  recreateDatabase,
  ROOT,
  startEmbeddedPostgres,
  type MigrateResult,
} from './db.ts';
import { assertPortsFree, runCommand } from './cli.ts';

export async function resetDatabase(target: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<MigrateResult> {
  if (target.databaseUrl) {
    await recreateDatabase(target.databaseUrl);
    const sql = connect(target.databaseUrl);
    try {
      return await migrate(sql);
    } finally {
      await sql.end();
    }
  }
  const dataDir = target.dataDir ?? DEFAULT_DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres({ dataDir, port: 0 });
  const sql = connect(embedded.url);
  try {
    return await migrate(sql);
  } finally {
    await sql.end();
    await embedded.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCommand(async () => {
    const started = performance.now();
    const databaseUrl = process.env.DATABASE_URL || undefined;
    if (!databaseUrl) {
      // PGlite's files must not be swapped under a running stack.
      const { apiPort, dbPort } = loadConfig();
      await assertPortsFree([
        { port: apiPort, what: 'the local stack' },
        { port: dbPort, what: 'the embedded database' },
      ]);
    }
    const result = await resetDatabase({ databaseUrl });
    const name = databaseUrl
      ? `database ${new URL(databaseUrl).pathname.slice(1)}`
      : relative(ROOT, DEFAULT_DATA_DIR);
    console.log(
      `Rebuilt ${name}: ${result.applied.length} migration(s), seeded: ${result.seeded}, ` +
        `in ${Math.round(performance.now() - started)} ms.`,
    );
  });
}
