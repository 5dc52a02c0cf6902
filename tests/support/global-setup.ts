// Once per test run, before any test file: the databases every suite starts from, migrated once.
// - PGLITE_TEMPLATE: a migrated, unseeded PGlite data directory that in-memory databases load
//   (dev/db.ts) instead of running initdb and the migrations again — for the API suites on PGlite
//   and the local stacks the browser tests start.
// - TEST_TEMPLATE_DATABASE: the same on the real server, which createPostgresDatabase copies with
//   `CREATE DATABASE … TEMPLATE` (tests/support/db.ts).
// Each database still applies the seeds itself, and migrate() still checks that nothing is missing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { connect, migrate, writePgliteTemplate } from '../../dev/db.ts';
import { serverAddress } from './db.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.PGLITE_TEMPLATE || process.env.TEST_TEMPLATE_DATABASE) return async () => {};
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'village-rewards-templates-'));
  const pgliteTemplate = join(dir, 'pglite.tar');
  // Both templates at once; an error of either is thrown below, after the other finished.
  const pglite = writePgliteTemplate(pgliteTemplate).then(
    () => undefined,
    (error: unknown) => error,
  );

  const server =
    process.env.TEST_WITHOUT_POSTGRES === '1'
      ? undefined
      : (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
  let admin: postgres.Sql | undefined;
  let templateName: string | undefined;
  if (server) {
    templateName = `test_template_${randomBytes(4).toString('hex')}`;
    const adminUrl = new URL(server);
    adminUrl.pathname = '/postgres';
    admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${templateName}"`);
    const url = new URL(server);
    url.pathname = `/${templateName}`;
    const sql = connect(url.toString());
    try {
      await migrate(sql, { seed: false });
    } finally {
      await sql.end();
    }
    process.env.TEST_TEMPLATE_DATABASE = templateName;
    process.env.TEST_TEMPLATE_SERVER = serverAddress(server);
  }
  const pgliteError = await pglite;
  if (pgliteError) throw pgliteError;
  process.env.PGLITE_TEMPLATE = pgliteTemplate;
  console.log(`test templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  return async () => {
    if (admin && templateName) {
      await admin.unsafe(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
