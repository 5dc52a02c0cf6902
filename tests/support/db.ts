// Test databases: a fresh, migrated and seeded database per test file, on real Postgres
// (TEST_DATABASE_URL / DATABASE_URL names the server) or on in-memory PGlite.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connect, migrate, startEmbeddedPostgres, type Sql } from '../../dev/db.ts';

export interface TestDatabase {
  kind: 'postgres' | 'pglite';
  url: string;
  /** A superuser client (bypasses RLS): for arranging data and reading the truth. */
  sql: Sql;
  drop(): Promise<void>;
}

/** The real Postgres server the suites use, or undefined when none is configured. */
export function realPostgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
}

/** host:port of a Postgres URL: which server a template database lives on. */
export function serverAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

/**
 * A new database on the real server: `max` connections lets tests fire parallel requests.
 * Throws when no server is configured, so a suite that needs one cannot pass silently.
 */
export async function createPostgresDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const serverUrl = realPostgresUrl();
  if (!serverUrl) throw new Error('DATABASE_URL is not set: the real-Postgres suites need a server');
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const adminSql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  // A copy of the run's migrated template (tests/support/global-setup.ts) when there is one;
  // migrate() below then only seeds it.
  // Only on the server it was made on (a fault test points TEST_DATABASE_URL at a cluster of its own).
  const template =
    process.env.TEST_TEMPLATE_SERVER === serverAddress(serverUrl) ? process.env.TEST_TEMPLATE_DATABASE : undefined;
  if (template && !/^\w+$/.test(template)) throw new Error(`TEST_TEMPLATE_DATABASE "${template}" is not a database name`);
  await adminSql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), { max: options.max ?? 10 });
  await migrate(sql);
  return {
    kind: 'postgres',
    url: url.toString(),
    sql,
    async drop() {
      await sql.end();
      await adminSql.unsafe(`drop database if exists "${name}" with (force)`);
      await adminSql.end();
    },
  };
}

/** A new in-memory PGlite database behind a socket (one connection: PGlite is single-user). */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres({ port: 0 });
  const sql = connect(embedded.url, { max: 1 });
  await migrate(sql);
  return {
    kind: 'pglite',
    url: embedded.url,
    sql,
    async drop() {
      await sql.end();
      await embedded.stop();
    },
  };
}
