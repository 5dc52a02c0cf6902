// ESLint: TypeScript rules for the whole repository, React hooks rules for the app, and the
// import directions of docs/FRONTEND.md, enforced rather than remembered: no import cycle
// anywhere; shared layers → features → app; the API contract (shipped to the browser) imports
// only zod; the edge function's code never imports the local stack (dev/) or the app (src/).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The features are the folders under src/features, read when the config loads, so a new feature
// (staff, …) is fenced in the moment it exists.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The screen groups under src/app/routes (account, admin, kiosk, …), read like the features.
const ROUTE_GROUPS = readdirSync(new URL('./src/app/routes', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Route folders hold screens, which compose features (docs/FRONTEND.md): a component file (PascalCase)
// there belongs to its feature (src/features/<domain>/components), or, when it composes several
// features, to the app layer (src/app/layouts, src/app/components).
const routesHoldScreens = {
  meta: {
    type: 'problem',
    messages: {
      component:
        '{{name}} is a component in a route folder: move it to its feature (src/features/<domain>/components) ' +
        'or, when it composes features, to src/app/layouts or src/app/components.',
    },
    schema: [],
  },
  create(context) {
    const path = context.filename.replaceAll('\\', '/');
    const match = /\/src\/app\/routes\/.+\/([A-Z][^/]*)\.tsx?$/.exec(path);
    return {
      Program(node) {
        if (match && !/\.test\.tsx?$/.test(path)) context.report({ node, messageId: 'component', data: { name: match[1] } });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.local',
      'coverage',
      'docs',
      'supabase/functions/api/deno.lock',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x skips .ts files when it follows imports, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['supabase/functions/_shared/contract.ts', 'supabase/functions/_shared/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./[a-z-]+\\.ts$|\\./contract/[a-z-]+\\.ts$)',
              message: 'The contract ships to the browser: it imports only zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './supabase/functions',
              from: ['./dev', './src', './tests', './scripts'],
              message: 'The edge function ships alone: it never imports the local stack, the app, tests or scripts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'routes-hold-screens': routesHoldScreens } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/routes-hold-screens': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/components',
              from: ['./src/features', './src/app'],
              message: 'Shared UI never imports features or the app layer.',
            },
            {
              target: './src/lib',
              from: ['./src/features', './src/app', './src/components'],
              message: 'lib is the bottom layer.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features never import the app layer; the app composes features.',
            },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; the app layer composes them.',
            })),
            ...ROUTE_GROUPS.map((group) => ({
              target: `./src/app/routes/${group}`,
              from: './src/app/routes',
              except: [`./${group}`],
              message: 'A screen group does not import another group; what both need belongs to a feature or the app layer.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.vitest } },
  },
  {
    // The node project's files share their worker's modules (vitest.config.ts: isolate false): a
    // mocked module or a stubbed global would leak into the next file.
    files: ['tests/**/*.ts', 'dev/**/*.test.ts', 'supabase/functions/**/*.test.ts'],
    ignores: ['tests/e2e/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'The node suites share modules between files (isolate: false); pass a fake in instead.',
        })),
      ],
    },
  },
);
