// `npm run dev`: the local stack on supabase/config.toml's [api] port (54321), then Vite on 5173
// (vite.config.ts proxies /api to the stack's api function), both stopped together on Ctrl-C.
// DEV_DATABASE and DEMO_MODE: dev/env.ts;
// BROWSER_LANE (or APP_PORT/STACK_PORT) moves both to other ports and .env.local to a file of
// their own, so npm test's browser lanes run stacks side by side (dev/env.ts devPortsFromEnv).
// DEV_SERVE=built serves a production build instead of the dev server (dev/env.ts devServeFromEnv),
// reusing the last one on these ports when nothing it is made from changed (dev/build-cache.ts).
// Started with an IPC channel (the browser suites' rig), it also takes `reopen` and `close` messages
// (dev/stack.ts answerParent) and stops when the channel closes.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, createServer, preview } from 'vite';
import { buildFingerprint, FINGERPRINT_FILE, hasBuild } from './build-cache.ts';
import { ROOT } from './db.ts';
import { runCommand, stopOnSignal } from './cli.ts';
import { devPortsFromEnv, devServeFromEnv, stackOptionsFromEnv } from './env.ts';
import { answerParent, startStack } from './stack.ts';

await runCommand(async () => {
  // vite.config.ts reads the same variables for Vite's port and its /api proxy target.
  const ports = devPortsFromEnv(process.env);
  const serve = devServeFromEnv(process.env);
  const stack = await startStack({
    ...stackOptionsFromEnv(process.env),
    port: ports.stackPort,
    dbPort: ports.dbPort,
    appUrl: `http://127.0.0.1:${ports.appPort}`,
    writeEnvFile: true,
    envFile: ports.envFile,
  });
  // Variables in the environment win over .env files: Vite gets this start's URL and key.
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  try {
    const configFile = join(ROOT, 'vite.config.ts');
    let server: { printUrls(): void; close(): Promise<void> };
    if (serve === 'built') {
      // A production build for this stack (its URL and key are baked in), served as a host would;
      // the last one on these ports again when nothing it is made from changed (dev/build-cache.ts).
      const outDir = join(ROOT, '.local', `dist-${ports.appPort}`);
      const fingerprint = buildFingerprint(ROOT, process.env);
      if (hasBuild(outDir, fingerprint)) {
        console.log(`Serving the build in ${relative(ROOT, outDir)}: nothing it is made from has changed.`);
      } else {
        await build({ configFile, root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
        writeFileSync(join(outDir, FINGERPRINT_FILE), `${fingerprint}\n`);
      }
      server = await preview({ configFile, root: ROOT, build: { outDir } });
    } else {
      const vite = await createServer({ configFile, root: ROOT });
      await vite.listen();
      server = vite;
    }
    console.log('');
    server.printUrls();
    console.log('  Open the app at the Local URL above; sign-in codes appear in this terminal.\n');
    stopOnSignal(async () => {
      await server.close();
      await stack.stop();
    });
    if (process.send) answerParent(stack);
  } catch (error) {
    await stack.stop();
    throw error;
  }
});
