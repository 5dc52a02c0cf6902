// Vite: the React app, Tailwind, the `@` and `@contract` aliases, and the dev proxy that sends
// /api/* to the local stack's api function (/functions/v1/api/*), as production rewrites it.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './scripts/route-preload.ts';

// /api itself and what is below it (/api/..., /api?...), never a path like /apiary. Vite reads a
// key starting with '^' as a regular expression; the rewrite keeps the rest of the path and query.
const API_PREFIX = '^/api(?=/|\\?|$)';

const apiProxy = {
  [API_PREFIX]: {
    target: 'http://127.0.0.1:54321',
    changeOrigin: true,
    rewrite: (path: string) => path.replace(new RegExp(API_PREFIX), '/functions/v1/api'),
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload()],
  resolve: {
    alias: {
      '@contract': fileURLToPath(
        new URL('./supabase/functions/_shared/contract.ts', import.meta.url),
      ),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // The manifest lets scripts/bundle-size.ts measure what each route loads.
  build: { manifest: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: apiProxy },
});
