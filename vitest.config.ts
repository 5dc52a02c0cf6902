// Vitest projects: `web` (components in jsdom), `node` (stack, api, database suites) and `e2e`
// (the app in Debian's Chromium). `npm test` (tests/run.ts) decides which suites can run here.
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            globals: true,
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            globals: true,
            environment: 'node',
            include: [
              'dev/**/*.test.ts',
              'supabase/functions/_shared/**/*.test.ts',
              'tests/**/*.test.ts',
            ],
            exclude: ['tests/e2e/**', '**/node_modules/**'],
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            globals: true,
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            testTimeout: 180_000,
            hookTimeout: 180_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
