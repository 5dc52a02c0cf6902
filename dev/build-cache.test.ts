// The browser lanes' build reuse: a build is served again only while nothing it is made from
// changed (its input files and VITE_* variables), and only once complete.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFingerprint, buildInputFiles, FINGERPRINT_FILE, hasBuild } from './build-cache.ts';
import { ROOT } from './db.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'village-rewards-build-'));
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(root, 'src', 'lib', 'a.ts'), 'export const a = 1;');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const ENV = { VITE_SUPABASE_URL: 'http://127.0.0.1:54331', VITE_SUPABASE_ANON_KEY: 'key-1', HOME: '/root' };

it('changes with a VITE_ variable, an input file edited, added or renamed; not with other variables', () => {
  const first = buildFingerprint(root, ENV);
  expect(buildFingerprint(root, { ...ENV })).toBe(first);
  expect(buildFingerprint(root, { ...ENV, HOME: '/elsewhere', BROWSER_LANE: '2' })).toBe(first);
  expect(buildFingerprint(root, { ...ENV, VITE_SUPABASE_ANON_KEY: 'key-2' })).not.toBe(first);
  expect(buildFingerprint(root, { ...ENV, VITE_API_BASE: '/x' })).not.toBe(first);

  writeFileSync(join(root, 'src', 'lib', 'a.ts'), 'export const a = 2;');
  const edited = buildFingerprint(root, ENV);
  expect(edited).not.toBe(first);
  writeFileSync(join(root, 'src', 'lib', 'b.ts'), '');
  const added = buildFingerprint(root, ENV);
  expect(added).not.toBe(edited);
  rmSync(join(root, 'src', 'lib', 'b.ts'));
  writeFileSync(join(root, 'src', 'lib', 'c.ts'), '');
  expect(buildFingerprint(root, ENV)).not.toBe(added);
  writeFileSync(join(root, '.env.local'), 'VITE_SUPABASE_URL=http://127.0.0.1:1');
  expect(buildFingerprint(root, ENV)).not.toBe(buildFingerprint(root, ENV, ['index.html', 'src']));
});

it('counts a build only once its fingerprint is written, and only that fingerprint', () => {
  const outDir = join(root, '.local', 'dist-5183');
  const fingerprint = buildFingerprint(root, ENV);
  expect(hasBuild(outDir, fingerprint)).toBe(false);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), '<html></html>');
  expect(hasBuild(outDir, fingerprint)).toBe(false);
  writeFileSync(join(outDir, FINGERPRINT_FILE), `${fingerprint}\n`);
  expect(hasBuild(outDir, fingerprint)).toBe(true);
  expect(hasBuild(outDir, buildFingerprint(root, { ...ENV, VITE_SUPABASE_ANON_KEY: 'key-2' }))).toBe(false);
});

it("reads the app's own inputs: its source, the contract it imports, the config and the lockfile", () => {
  const files = buildInputFiles(ROOT);
  for (const file of [
    'index.html',
    'vite.config.ts',
    'package-lock.json',
    'src/main.tsx',
    'supabase/functions/_shared/contract.ts',
    'scripts/route-preload.ts',
    'scripts/prerender-home.ts',
  ]) {
    expect(files).toContain(file);
  }
  expect(files.filter((file) => file.startsWith('node_modules/') || file.startsWith('.local/'))).toEqual([]);
});
