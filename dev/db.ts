// The local database: embedded PGlite served over the Postgres wire protocol, or the real
// Postgres that DATABASE_URL names; plus the migration runner that mirrors the Supabase CLI.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const ROOT = resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
/** Seed files in order, as `[db.seed] sql_paths` in supabase/config.toml lists them. */
export const SEED_FILES = ['supabase/seed.sql', 'supabase/seed-demo.sql'];
// What hosted Supabase has, then the dev auth stand-in's own tables.
const BASE_SQL = [join(ROOT, 'dev', 'sql', 'base.sql'), join(ROOT, 'dev', 'sql', 'auth-standin.sql')];

export type Sql = postgres.Sql;

export interface EmbeddedPostgres {
  url: string;
  /** The data directory as a tarball (what `loadDataDir` takes). */
  dumpDataDir(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/**
 * Starts PGlite (file-backed when `dataDir` is given, in memory otherwise) behind a socket
 * server, so the same postgres.js driver talks to it and to a real server. PGlite runs one
 * query at a time and the socket server does not isolate transactions between connections,
 * so clients must use a single connection (`max: 1`).
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
  host?: string;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // An in-memory database starts from the test run's template when there is one (PGLITE_TEMPLATE,
  // written by tests/support/global-setup.ts): loading it takes about a second, where initdb and
  // the migrations take several, once per test file and browser stack.
  const template = options.dataDir ? undefined : process.env.PGLITE_TEMPLATE;
  // pg_trgm: the customer search's trigram indexes; unaccent: the searches ignore accents (issue
  // 31 §4). Migrations create both extensions.
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(template ? { loadDataDir: new TarballBlob(templateBytes(template)) } : {}),
    extensions: { pg_trgm, unaccent },
  });
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({ db, host, port: options.port ?? 0, maxConnections: 1 });
  await server.start();
  const conn = server.getServerConn(); // "host:port"
  const port = Number(conn.split(':').pop());
  return {
    url: `postgres://postgres@${host}:${port}/postgres`,
    async dumpDataDir() {
      const blob = await db.dumpDataDir('none');
      return new Uint8Array(await blob.arrayBuffer());
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * A tarball for PGlite's `loadDataDir`, which reads it with `arrayBuffer()`: Node's own Blob hands
 * its 44 MB back in small chunks, a third of a database's start from the template (0.5 of 1.6
 * CPU-seconds here); this hands over a copy in one piece (PGlite keeps no reference to it).
 */
class TarballBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer as ArrayBuffer;
  }
}

// The template read once per process: a test worker starts many databases from it.
let template: { path: string; bytes: Uint8Array } | undefined;
function templateBytes(path: string): Uint8Array {
  if (template?.path !== path) template = { path, bytes: readFileSync(path) };
  return template.bytes;
}

/**
 * Writes a template of a migrated, unseeded in-memory database to `path` (a tarball PGlite loads
 * with `loadDataDir`): the migrations run once per test run instead of once per database.
 */
export async function writePgliteTemplate(path: string): Promise<void> {
  const previous = process.env.PGLITE_TEMPLATE;
  delete process.env.PGLITE_TEMPLATE;
  const embedded = await startEmbeddedPostgres({ port: 0 });
  const sql = connect(embedded.url);
  try {
    await migrate(sql, { seed: false });
  } finally {
    await sql.end();
  }
  const tarball = await embedded.dumpDataDir();
  await embedded.stop();
  writeFileSync(path, tarball);
  if (previous !== undefined) process.env.PGLITE_TEMPLATE = previous;
}

/** A postgres.js client configured the way Supabase's pooler needs (no prepared statements). */
export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    prepare: false,
    max: options.max ?? 1,
    onnotice: () => {},
    connection: { application_name: 'village-rewards-dev' },
  });
}

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

/** Migration files the way the CLI names them: `<version>_<name>.sql`, applied in order. */
export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const match = /^(\d+)_(.+)\.sql$/.exec(file)!;
      return { version: match[1]!, name: match[2]!, path: join(dir, file) };
    });
}

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database up to date: the base script (what hosted Supabase provides), then every
 * migration not yet recorded in supabase_migrations.schema_migrations, each in its own
 * transaction, then each seed file once (recorded in supabase_migrations.seed_files, as the CLI does).
 * `until` (a version) holds that migration and later ones back: the bench's before/after runs.
 */
export async function migrate(
  sql: Sql,
  options: { seed?: boolean; until?: string } = {},
): Promise<MigrateResult> {
  for (const file of BASE_SQL) await sql.unsafe(readFileSync(file, 'utf8'));
  const done = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map(
      (row) => row.version,
    ),
  );
  const files = listMigrations();
  // A database built before the squash of 2026-11-25 records versions that no longer exist:
  // its schema is right, but the baseline cannot apply on top of it.
  const known = new Set(files.map((m) => m.version));
  const gone = [...done].filter((version) => !known.has(version));
  if (gone.length > 0) {
    throw new Error(
      `this database records ${gone.length} migration(s) that supabase/migrations/ no longer has ` +
        `(${gone.slice(0, 3).join(', ')}…): they were squashed into the baseline. Run \`npm run db:reset\`.`,
    );
  }
  const applied: string[] = [];
  for (const migration of files) {
    if (done.has(migration.version)) continue;
    if (options.until && migration.version >= options.until) continue;
    const text = readFileSync(migration.path, 'utf8');
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
               values (${migration.version}, ${migration.name}, ${[text]})`;
    });
    applied.push(migration.version);
  }
  let seeded = false;
  if (options.seed !== false) {
    const done = new Set(
      (await sql<{ path: string }[]>`select path from supabase_migrations.seed_files`).map((r) => r.path),
    );
    for (const path of SEED_FILES) {
      if (done.has(path) || !existsSync(join(ROOT, path))) continue;
      const text = readFileSync(join(ROOT, path), 'utf8');
      const hash = createHash('sha256').update(text).digest('hex');
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.seed_files (path, hash) values (${path}, ${hash})`;
      });
      seeded = true;
    }
  }
  return { applied, seeded };
}

/** Drops and recreates a real Postgres database named by `url` (used by db:reset and tests). */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database "${name}"`);
  if (['postgres', 'template0', 'template1'].includes(name)) {
    throw new Error(`refusing to drop the "${name}" database; name a database of its own`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = connect(admin.toString());
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
}
