// `DEV_SERVE=built npm run dev` reuses its last production build when nothing it is made from has
// changed: the browser suites start `npm run dev` once per file, each lane on the same ports and
// with the same anon key (DEV_KEYS_FILE), so one build serves the lane's files instead of one each
// (a build is about 5 CPU-seconds here). What a build is made from: the files below and every
// VITE_* variable (the stack's URL and key are baked into the bundle).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the app's build reads, relative to the repository: folders are read whole. */
export const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  'src',
  'public',
  'scripts/route-preload.ts',
  'scripts/prerender-home.ts',
  'supabase/functions/_shared',
];

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(root, join(path, entry.name)));
}

/** Every file under `inputs`, relative to `root`, in a stable order. */
export function buildInputFiles(root: string, inputs: string[] = BUILD_INPUTS): string[] {
  return inputs.flatMap((input) => filesUnder(root, input));
}

/**
 * A fingerprint of one build: every input file's path and bytes and every VITE_* variable. Equal
 * fingerprints make equal builds; a changed file, a new file or another stack URL or key changes it.
 */
export function buildFingerprint(
  root: string,
  env: Record<string, string | undefined>,
  inputs: string[] = BUILD_INPUTS,
): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(env).filter((key) => key.startsWith('VITE_')).sort()) {
    hash.update(`env ${name}=${env[name] ?? ''}\0`);
  }
  for (const file of buildInputFiles(root, inputs)) {
    hash.update(`file ${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The fingerprint file a build folder keeps, written once the build is complete. */
export const FINGERPRINT_FILE = '.fingerprint';

/** Whether `outDir` holds a complete build with this fingerprint. */
export function hasBuild(outDir: string, fingerprint: string): boolean {
  const file = join(outDir, FINGERPRINT_FILE);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === fingerprint;
}
