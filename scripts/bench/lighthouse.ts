// Lighthouse alone, without the rest of the bench: `flock /tmp/ports.lock node --import tsx
// scripts/bench/lighthouse.ts [page…]` (default /, /creamery, /account, /admin). Under the lock the caller
// holds it starts the local stack on 54321 (PGlite in memory, seeded), builds the app against it
// into a temporary folder, serves that with `vite preview` on 5173 and prints one line a page and
// the audits each did not pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../dev/stack.ts';
import { build, lighthouseScores } from './frontend.ts';

const pages = process.argv.slice(2);
const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-build-'));
const stack = await startStack({ port: 54321, dataDir: null, quiet: true });
try {
  await build(outDir, stack.url, stack.anonKey);
  const scores = await lighthouseScores(
    outDir,
    pages.length ? pages : ['/', '/creamery', '/account', '/admin'],
    { apiUrl: stack.url, lockHeld: true },
  );
  for (const s of scores) {
    console.log(
      `lighthouse ${s.page.padEnd(10)} performance ${s.performance} accessibility ${s.accessibility} best-practices ${s.bestPractices} seo ${s.seo} LCP ${s.lcpMs} ms TBT ${s.tbtMs} ms`,
    );
    for (const audit of s.failing) console.log(`  not passed: ${audit}`);
    for (const element of s.elements) console.log(`  element: ${element}`);
  }
} finally {
  await stack.stop();
  rmSync(outDir, { recursive: true, force: true });
}
