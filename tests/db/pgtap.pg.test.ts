// Runs the pgTAP specifications in supabase/tests/database (Supabase's `supabase test db`
// convention: every .sql or .pg file there is a test), each on a fresh migrated database, with
// pg_prove; the raw TAP it passes through must hold up on its own (plan, count, no failure).
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../dev/db.ts';
import { createPostgresDatabase } from '../support/db.ts';

const run = promisify(execFile);
const DIR = join(ROOT, 'supabase', 'tests', 'database');
const FILES = readdirSync(DIR)
  .filter((file) => /\.(sql|pg)$/.test(file))
  .sort();

interface TapSummary {
  planned: number | undefined;
  passed: number;
  failed: string[];
}

/** Reads a TAP stream: the plan line, the passing and the failing assertions. */
function readTap(output: string): TapSummary {
  const lines = output.split('\n');
  const plan = lines.map((line) => /^1\.\.(\d+)$/.exec(line.trim())).find((match) => match);
  return {
    planned: plan ? Number(plan[1]) : undefined,
    passed: lines.filter((line) => /^ok \d+/.test(line)).length,
    failed: lines.filter((line) => /^not ok \d+/.test(line)),
  };
}

async function runTool(command: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message };
  }
}

it('finds the pgTAP specifications', () => {
  expect(FILES).toContain('01-schema.sql');
  expect(FILES.length).toBeGreaterThanOrEqual(7);
});

it.each(FILES)('%s passes', async (file) => {
  const db = await createPostgresDatabase({ max: 1 });
  try {
    await db.sql`create extension if not exists pgtap`;
    const path = join(DIR, file);

    const prove = await runTool('pg_prove', ['--verbose', '-d', db.url, path]);
    if (!prove.ok || !/All tests successful/.test(prove.output)) {
      throw new Error(`pg_prove failed for ${file}:\n${prove.output}`);
    }
    // --verbose passes psql's raw TAP through: it must hold up on its own, every planned
    // assertion there and passing (pg_prove runs the file with psql; a second psql run of each
    // file only repeated the same work).
    const tap = readTap(prove.output);
    if (tap.failed.length > 0 || tap.planned === undefined || tap.passed !== tap.planned) {
      throw new Error(`${file}: planned ${tap.planned}, passed ${tap.passed}\n${prove.output}`);
    }
  } finally {
    await db.drop();
  }
});
