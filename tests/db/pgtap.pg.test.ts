// Runs the pgTAP specifications in supabase/tests/database (Supabase's `supabase test db`
// convention) with pg_prove, each file on a fresh migrated database.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../dev/db.ts';
import { createPostgresDatabase } from '../support/db.ts';

const run = promisify(execFile);
const DIR = join(ROOT, 'supabase', 'tests', 'database');
const FILES = readdirSync(DIR).filter((file) => file.endsWith('.test.sql')).sort();

it('finds the pgTAP specifications', () => {
  expect(FILES.length).toBeGreaterThan(0);
});

it.each(FILES)('%s passes', async (file) => {
  const db = await createPostgresDatabase({ max: 1 });
  try {
    await db.sql`create extension if not exists pgtap`;
    const result = await run('pg_prove', ['--verbose', '-d', db.url, join(DIR, file)], { timeout: 120_000 }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`pg_prove failed for ${file}:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    expect(result.stdout).toMatch(/All tests successful/);
  } finally {
    await db.drop();
  }
});
