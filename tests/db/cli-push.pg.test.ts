// The migrations are what the official Supabase CLI applies: `supabase db push --db-url` (no
// Docker needed) on a database that has what hosted Supabase provides (dev/sql/base.sql).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { listMigrations, ROOT } from '../../dev/db.ts';
import { realPostgresUrl } from '../support/db.ts';

const run = promisify(execFile);

describe('supabase db push', () => {
  const name = `cli_push_${randomBytes(4).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;

  beforeAll(async () => {
    const server = realPostgresUrl();
    if (!server) throw new Error('DATABASE_URL is not set');
    const adminUrl = new URL(server);
    adminUrl.pathname = '/postgres';
    admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql.unsafe(readFileSync(join(ROOT, 'dev', 'sql', 'base.sql'), 'utf8'));
    await sql.end();
  });

  afterAll(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  async function push() {
    // The CLI checks every enabled [auth.hook.*] secret in config.toml, even for db push: on a
    // fresh clone the development value in supabase/.env answers, with nothing exported.
    const env = { ...process.env };
    delete env.SEND_SMS_HOOK_SECRETS;
    return run('npx', ['supabase', 'db', 'push', '--db-url', url, '--yes'], { cwd: ROOT, timeout: 120_000, env });
  }

  it('applies every migration and records it; a second push changes nothing', async () => {
    await push();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select version from supabase_migrations.schema_migrations order by version`;
      expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
      const functions = await sql`select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                  where n.nspname = 'app' and proname = 'approve_visit'`;
      expect(functions).toHaveLength(1);
      const second = await push();
      expect(`${second.stdout}${second.stderr}`).toMatch(/up to date/i);
      const again = await sql`select count(*)::int as n from supabase_migrations.schema_migrations`;
      expect(again[0]!.n).toBe(listMigrations().length);
    } finally {
      await sql.end();
    }
  });
});
