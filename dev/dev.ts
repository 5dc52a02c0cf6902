// `npm run dev`: the local stack on 54321, then Vite on 5173 (vite.config.ts proxies /api to the
// stack's api function), both stopped together on Ctrl-C. DEV_DATABASE and DEMO_MODE: dev/env.ts;
// BROWSER_LANE (or APP_PORT/STACK_PORT) moves both to other ports and .env.local to a file of
// their own, so npm test's browser lanes run stacks side by side (dev/env.ts devPortsFromEnv).
import { join } from 'node:path';
import { createServer } from 'vite';
import { ROOT } from './db.ts';
import { runCommand, stopOnSignal } from './cli.ts';
import { devPortsFromEnv, stackOptionsFromEnv } from './env.ts';
import { startStack } from './stack.ts';

await runCommand(async () => {
  // vite.config.ts reads the same variables for Vite's port and its /api proxy target.
  const ports = devPortsFromEnv(process.env);
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
    const vite = await createServer({ configFile: join(ROOT, 'vite.config.ts'), root: ROOT });
    await vite.listen();
    console.log('');
    vite.printUrls();
    console.log('  Open the app at the Local URL above; sign-in codes appear in this terminal.\n');
    stopOnSignal(async () => {
      await vite.close();
      await stack.stop();
    });
  } catch (error) {
    await stack.stop();
    throw error;
  }
});
