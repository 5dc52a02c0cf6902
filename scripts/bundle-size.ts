// Prints the gzipped JavaScript a first visit to `/` downloads (the entry, its static imports and
// the lazy public screens with theirs), and each lazy screen group's own chunks. Issue 12: the
// first load of `/` stays at or under 150 KB of gzipped JS; above that this script fails the build.
// Usage: after `vite build` (npm run build runs it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '..', 'dist');
const BUDGET_KB = 150;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** A chunk's file and the files of everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (files: Iterable<string>) =>
  [...files]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length, 0) / 1024;

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const groups: Record<string, string> = {
  public: 'src/app/routes/public/index.ts',
  'public join, businesses, contact': 'src/app/routes/public/join-screens.ts',
  'kiosk landing': 'src/app/routes/kiosk/landing.ts',
  kiosk: 'src/app/routes/kiosk/index.ts',
  'member (mobile, sign-in, account QR)': 'src/app/routes/member.ts',
  account: 'src/app/routes/account.ts',
  admin: 'src/app/routes/admin/index.ts',
  staff: 'src/app/routes/staff/index.ts',
};

const entryFiles = closure(entry);
const firstLoad = closure(groups.public!, new Set(entryFiles));
console.log('\nGzipped JavaScript');
console.log(`  entry (router, layouts, React):       ${gzipKb(entryFiles).toFixed(1)} KB`);
for (const [name, key] of Object.entries(groups)) {
  if (!manifest[key])
    throw new Error(`no chunk for the ${name} screens (${key}): is it still lazy-loaded?`);
  const own = [...closure(key)].filter((file) => !entryFiles.has(file));
  console.log(
    `  ${`${name} screens:`.padEnd(38)} ${gzipKb(own).toFixed(1)} KB (${own.length} chunk${own.length === 1 ? '' : 's'})`,
  );
}
const total = gzipKb(firstLoad);
// Issue 13: a kiosk landing's first load (entry + the landing chunk) keeps to the same budget.
const kioskTotal = gzipKb(closure(groups['kiosk landing']!, new Set(entryFiles)));
console.log(`  first load of / (entry + public):     ${total.toFixed(1)} KB of ${BUDGET_KB} KB`);
console.log(`  first load of a kiosk landing:        ${kioskTotal.toFixed(1)} KB of ${BUDGET_KB} KB\n`);
if (kioskTotal > BUDGET_KB) {
  console.error(`A kiosk landing's first load is ${kioskTotal.toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
if (total > BUDGET_KB) {
  console.error(
    `The first load of / is ${total.toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
