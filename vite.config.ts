// Vite: the React app, Tailwind, the `@` and `@contract` aliases, and the dev proxy that sends
// /api/* to the local stack's api function (/functions/v1/api/*), as production rewrites it.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_DEV_PORTS, devPortsFromEnv } from './dev/env.ts';
import { prerenderHome } from './scripts/prerender-home.ts';
import { routePreload } from './scripts/route-preload.ts';

// 5173 and the stack on 54321 unless BROWSER_LANE or APP_PORT/STACK_PORT say otherwise (dev/env.ts).
const ports = devPortsFromEnv(process.env);

// /api itself and what is below it (/api/..., /api?...), never a path like /apiary. Vite reads a
// key starting with '^' as a regular expression; the rewrite keeps the rest of the path and query.
const API_PREFIX = '^/api(?=/|\\?|$)';

const apiProxy = {
  [API_PREFIX]: {
    target: `http://127.0.0.1:${ports.stackPort}`,
    changeOrigin: true,
    rewrite: (path: string) => path.replace(new RegExp(API_PREFIX), '/functions/v1/api'),
  },
};

/**
 * The build takes react-router's production build: its package exports only the development one
 * (remix-run/react-router#12532), whose warnings and checks weigh 0.5 KB gzipped in every first
 * load. The dev server and the tests keep the development build and its warnings.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'village-rewards:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: {
          'react-router': fileURLToPath(
            new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
      },
    }),
  };
}

/**
 * The build writes the stylesheet (one, 7 KB gzipped) into index.html instead of linking it: a
 * linked one blocks the first paint for a round trip of its own after the HTML. The file is still
 * written (the manifest and the bench's budget name it).
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'village-rewards:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreload(),
    reactRouterProduction(),
    inlineStylesheet(),
    prerenderHome(),
  ],
  resolve: {
    alias: {
      '@contract': fileURLToPath(
        new URL('./supabase/functions/_shared/contract.ts', import.meta.url),
      ),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // Another lane's Vite keeps its own dependency cache, so two dev servers never rewrite one.
  ...(ports.appPort === DEFAULT_DEV_PORTS.appPort
    ? {}
    : { cacheDir: `node_modules/.vite-${ports.appPort}` }),
  // The dev server pre-bundles every dependency the app's source imports, before it answers:
  // found later (a lazy screen's import), a new dependency made Vite re-bundle and reload the page
  // half-way (504 "Outdated Optimize Dep" on a first start with an empty cache).
  optimizeDeps: {
    entries: [
      'index.html',
      'src/**/*.{ts,tsx}',
      'supabase/functions/_shared/contract.ts',
      '!src/**/*.test.{ts,tsx}',
      '!src/test/**',
    ],
  },
  build: {
    // The manifest lets scripts/bundle-size.ts measure what each route loads.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) only lose the preloading.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk with it: split in small shared
        // chunks (React's jsx runtime, the public reads, the slugs), they compressed 1.4 KB worse.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: { host: '127.0.0.1', port: ports.appPort, strictPort: true, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: ports.appPort, strictPort: true, proxy: apiProxy },
});
