// `npm run dev`: the local stack on 54321, then Vite on 5173 (which proxies /api to the stack).
// DEV_DATABASE=memory runs on a throwaway in-memory database (the browser tests use it).
import { createServer } from 'vite';
import { startStack, stopOnSignal } from './stack.ts';

const inMemory = process.env.DEV_DATABASE === 'memory';
const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: inMemory ? null : undefined,
  writeEnvFile: !inMemory,
});
// Variables in the environment win over .env files: Vite always gets this stack's URL and key.
process.env.VITE_SUPABASE_URL = stack.url;
process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
console.log('');
vite.printUrls();
console.log('  Open the app at the Local URL above.');
stopOnSignal(async () => {
  await vite.close();
  await stack.stop();
});
