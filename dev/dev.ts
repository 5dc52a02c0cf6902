// `npm run dev`: the local stack on 54321, then Vite on 5173 (which proxies /api to the stack).
import { createServer } from 'vite';
import { startStack, stopOnSignal } from './stack.ts';

const stack = await startStack({ databaseUrl: process.env.DATABASE_URL, writeEnvFile: true });
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
console.log('');
vite.printUrls();
console.log('  Open the app at the Local URL above.');
stopOnSignal(async () => {
  await vite.close();
  await stack.stop();
});
