// Prints the gzipped JavaScript a first visit downloads (the entry, its static imports and the
// lazy screen group of the page visited, with theirs, and the query client's chunk for a group
// that uses it — router.tsx loads it beside the group) for every screen group, and fails the build
// when one is over its limit. The limits are the measured figures plus about 2 KB, or the goal
// where that is nearer (`/`, the kiosk flow):
// a change that makes a first load heavier fails here, and a lighter one lowers its limit. The
// goals (docs/PERFORMANCE.md): `/` at most 90 KB, every route at most 150 KB.
// Usage: after `vite build` (npm run build runs it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BARRELS_WITHOUT_QUERIES, QUERY_PROVIDER } from '../src/app/route-preload.ts';

const DIST = join(import.meta.dirname, '..', 'dist');
/** Each screen group's first load (entry + group), at most, in KB of gzipped JS. */
const LIMITS_KB: Record<string, number> = {
  // The goal itself: 89.6 KB measured, and `/` may not pass 90.
  public: 90,
  'how it works': 91,
  'public join, businesses, contact': 143,
  'kiosk landing': 111,
  // The goal itself: 149.8 KB measured, and no route may pass 150.
  kiosk: 150,
  'member (mobile, sign-in, account QR)': 144,
  account: 138,
  admin: 125,
  staff: 133,
  owner: 143,
  'member cards (print, wallet card)': 137,
};

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
  'how it works': 'src/app/routes/public/guide.ts',
  'public join, businesses, contact': 'src/app/routes/public/join-screens.ts',
  'kiosk landing': 'src/app/routes/kiosk/landing.ts',
  kiosk: 'src/app/routes/kiosk/index.ts',
  'member (mobile, sign-in, account QR)': 'src/app/routes/member.ts',
  account: 'src/app/routes/account.ts',
  admin: 'src/app/routes/admin/index.ts',
  staff: 'src/app/routes/staff/index.ts',
  owner: 'src/app/routes/owner/index.ts',
  'member cards (print, wallet card)': 'src/app/routes/cards/index.ts',
};

const entryFiles = closure(entry);
console.log('\nGzipped JavaScript');
console.log(`  entry (router, layouts, React):       ${gzipKb(entryFiles).toFixed(1)} KB`);
const over: string[] = [];
for (const [name, key] of Object.entries(groups)) {
  if (!manifest[key])
    throw new Error(`no chunk for the ${name} screens (${key}): is it still lazy-loaded?`);
  const group = closure(key);
  if (!BARRELS_WITHOUT_QUERIES.includes(key)) closure(QUERY_PROVIDER, group);
  const own = [...group].filter((file) => !entryFiles.has(file));
  const firstLoad = gzipKb(new Set([...entryFiles, ...group]));
  const limit = LIMITS_KB[name]!;
  console.log(
    `  ${`${name} screens:`.padEnd(38)} ${gzipKb(own).toFixed(1)} KB (${own.length} chunk${own.length === 1 ? '' : 's'}); ` +
      `first load ${firstLoad.toFixed(1)} KB of ${limit} KB`,
  );
  if (firstLoad > limit)
    over.push(
      `the ${name} screens' first load is ${firstLoad.toFixed(1)} KB, over its ${limit} KB limit`,
    );
}
console.log('');
if (over.length) {
  console.error(`Gzipped JavaScript over budget: ${over.join('; ')}.`);
  process.exit(1);
}
