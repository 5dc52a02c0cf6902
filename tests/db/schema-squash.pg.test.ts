// The declarative schema (supabase/schemas/) and the migrations describe one database.
// - Squash: the 45 migrations written before the squash (tests/db/fixtures/pre-squash-migrations/)
//   and the baseline migration give the same `pg_dump --schema-only` and the same rows.
// - Drift: the schema files applied to an empty database give the same dump as every migration:
//   a rule changed in its schema file without a migration (or the other way round) fails here.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { listMigrations, ROOT } from '../../dev/db.ts';
import { realPostgresUrl } from '../support/db.ts';

const run = promisify(execFile);
const BASE_SQL = ['base.sql', 'auth-standin.sql'].map((file) => join(ROOT, 'dev', 'sql', file));
const SCHEMAS_DIR = join(ROOT, 'supabase', 'schemas');
const PRE_SQUASH_DIR = join(ROOT, 'tests', 'db', 'fixtures', 'pre-squash-migrations');
const BASELINE = '20261125000000';

const sqlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => join(dir, file));

/**
 * `pg_dump` of one database, normalised: the header lines that differ between runs are dropped and
 * the dump's entries ("-- Name: …; Type: …" blocks) are sorted, so the order in which two
 * databases were built does not matter, only what they hold.
 */
function normaliseDump(dump: string): string {
  const lines = dump
    .split('\n')
    .filter((line) => !/^-- Dumped (from|by) /.test(line) && !/^\\(un)?restrict /.test(line));
  return lines
    .join('\n')
    .split('\n--\n-- ')
    .map((block) => block.replace(/\n+$/, ''))
    .sort()
    .join('\n--\n-- ');
}

describe('the declarative schema and the migrations', () => {
  const server = realPostgresUrl();
  const created: string[] = [];
  let admin: postgres.Sql;

  beforeAll(() => {
    if (!server) throw new Error('DATABASE_URL is not set: this suite needs a real Postgres');
    const adminUrl = new URL(server);
    adminUrl.pathname = '/postgres';
    admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  /** A new database with what hosted Supabase provides, then each file in its own transaction. */
  async function build(label: string, files: string[]): Promise<string> {
    const name = `schema_${label}_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    created.push(name);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      for (const file of [...BASE_SQL, ...files]) {
        await sql.begin((tx) => tx.unsafe(readFileSync(file, 'utf8'))).catch((error: Error) => {
          throw new Error(`${file}: ${error.message}`);
        });
      }
    } finally {
      await sql.end();
    }
    return url.toString();
  }

  async function dump(url: string, ...args: string[]): Promise<string> {
    const { stdout } = await run('pg_dump', ['--no-owner', ...args, '--dbname', url], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return normaliseDump(stdout);
  }

  async function schemaAndRows(url: string) {
    return {
      schema: await dump(url, '--schema-only'),
      rows: await dump(url, '--data-only', '--exclude-schema', 'supabase_migrations'),
    };
  }

  it('the baseline equals the 45 migrations it replaced, in schema and in rows', async () => {
    const before = sqlFiles(PRE_SQUASH_DIR);
    expect(before).toHaveLength(45);
    const baseline = listMigrations().filter((m) => m.version === BASELINE);
    expect(baseline).toHaveLength(1);
    const [old, squashed] = await Promise.all([
      build('old', before).then(schemaAndRows),
      build('baseline', baseline.map((m) => m.path)).then(schemaAndRows),
    ]);
    expect(squashed.schema).toContain('CREATE FUNCTION app.approve_visit(');
    expect(squashed.schema).toEqual(old.schema);
    expect(squashed.rows).toEqual(old.rows);
  });

  it('the schema files equal the migrations (no drift)', async () => {
    const [fromMigrations, fromSchemas] = await Promise.all([
      build('migrations', listMigrations().map((m) => m.path)).then(schemaAndRows),
      build('schemas', sqlFiles(SCHEMAS_DIR)).then(schemaAndRows),
    ]);
    expect(fromSchemas.schema).toEqual(fromMigrations.schema);
    expect(fromSchemas.rows).toEqual(fromMigrations.rows);
  });

  it('defines each function, table, policy and trigger exactly once in the schema files', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    const definition =
      /^create (?:or replace )?(function|table|policy|trigger|(?:unique )?index|view)\s+("[^"]+"|[\w.]+)/gim;
    for (const file of sqlFiles(SCHEMAS_DIR)) {
      for (const match of readFileSync(file, 'utf8').matchAll(definition)) {
        const key = `${match[1]!.toLowerCase()} ${match[2]!.toLowerCase()}`;
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${file})`);
        seen.set(key, file);
      }
    }
    expect(seen.size).toBeGreaterThan(200);
    expect(twice).toEqual([]);
  });

  it('normalising a dump ignores the order of its entries but not their content', () => {
    const header = '--\n-- PostgreSQL database dump\n--\n\n-- Dumped from database version 15.19\n';
    const entry = (name: string) => `\n--\n-- Name: ${name}; Type: TABLE\n--\n\nCREATE TABLE ${name} ();\n`;
    const a = header + entry('a') + entry('b');
    const b = header.replace('15.19', '17.4') + entry('b') + entry('a');
    expect(normaliseDump(a)).toEqual(normaliseDump(b));
    expect(normaliseDump(a)).not.toEqual(normaliseDump(a.replace('a ()', 'a (x int)')));
  });
});
