// What `npm run dev` and `npm run stack` read from the environment: DATABASE_URL (a real
// Postgres), DEV_DATABASE=memory (a throwaway in-memory PGlite instead of .local/pglite),
// DEMO_MODE (on unless set to false: kiosks trusted without enrolment), DEMO_MONTH (on unless set to
// false: a programme with no members starts with the demo village's month) and DEV_KEYS_FILE (keep the
// signing and anon keys in that file: the browser lanes' stacks in memory keep one key per lane,
// so the lane's app build can be reused, dev/build-cache.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

/** The part of the stack's options the environment decides (dev/stack.ts StackOptions). */
export interface EnvStackOptions {
  databaseUrl?: string;
  /** null: PGlite in memory. */
  dataDir?: null;
  demoMode: boolean;
  /** DEMO_MONTH (on unless set to false): the demo village's month of life (dev/demo-month.ts). */
  demoMonth: boolean;
  /** DEV_KEYS_FILE: keep the signing key and anon key there (relative to the repository). */
  keysFile?: string;
}

const FLAGS: Record<string, boolean> = { true: true, '1': true, on: true, false: false, '0': false, off: false };

export function stackOptionsFromEnv(env: Record<string, string | undefined>): EnvStackOptions {
  const database = env.DEV_DATABASE?.trim().toLowerCase() ?? '';
  if (!['', 'memory', 'file'].includes(database)) {
    throw new Error(`DEV_DATABASE=${env.DEV_DATABASE}: expected memory (throwaway) or file (.local/pglite, the default)`);
  }
  const demo = env.DEMO_MODE?.trim().toLowerCase() ?? '';
  if (demo !== '' && !(demo in FLAGS)) {
    throw new Error(`DEMO_MODE=${env.DEMO_MODE}: expected true or false`);
  }
  const month = env.DEMO_MONTH?.trim().toLowerCase() ?? '';
  if (month !== '' && !(month in FLAGS)) {
    throw new Error(`DEMO_MONTH=${env.DEMO_MONTH}: expected true or false`);
  }
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    ...(database === 'memory' ? { dataDir: null } : {}),
    // The local stack is a demo unless told otherwise; deployments default the other way.
    demoMode: demo === '' ? true : FLAGS[demo]!,
    demoMonth: month === '' ? true : FLAGS[month]!,
    ...(env.DEV_KEYS_FILE?.trim() ? { keysFile: env.DEV_KEYS_FILE.trim() } : {}),
  };
}

/**
 * Where one `npm run dev` listens and where it writes its env file. By default the app on 5173,
 * the stack on supabase/config.toml's [api] port (54321), the embedded database on its [db] port (54322) and
 * .env.local, as the quick start says. npm test's browser lanes run stacks side by side:
 * BROWSER_LANE=n moves all three ports up by 10·(n−1) (lane 2: 5183, 54331, 54332);
 * APP_PORT, STACK_PORT and DB_PORT (default STACK_PORT + 1) name ports outright. A stack on
 * other than the default ports writes .local/stack-<port>.env instead of .env.local, so two
 * stacks never share one file (Vite itself gets the URL and key through its environment).
 * DEV_ENV_FILE names the file outright: the browser suites keep theirs under .local, as a
 * rewritten .env.local restarts every running Vite dev server (Vite watches the root's .env files).
 */
export interface DevPorts {
  appPort: number;
  stackPort: number;
  dbPort: number;
  /** The env file the stack writes, relative to the repository root. */
  envFile: string;
}

/** The stack's and the embedded database's ports as supabase/config.toml says ([api] and [db] port). */
export function configuredPorts(toml: string): { stackPort: number; dbPort: number } {
  const config = parse(toml) as { api?: { port?: unknown }; db?: { port?: unknown } };
  const port = (value: unknown, fallback: number) => (Number.isInteger(value) ? (value as number) : fallback);
  return { stackPort: port(config.api?.port, 54321), dbPort: port(config.db?.port, 54322) };
}

export const DEFAULT_DEV_PORTS = {
  appPort: 5173,
  ...configuredPorts(readFileSync(join(import.meta.dirname, '..', 'supabase', 'config.toml'), 'utf8')),
} as const;

function portFromEnv(env: Record<string, string | undefined>, name: string): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name}=${env[name]}: expected a port number`);
  }
  return port;
}

export function devPortsFromEnv(
  env: Record<string, string | undefined>,
  defaults: { appPort: number; stackPort: number; dbPort: number } = DEFAULT_DEV_PORTS,
): DevPorts {
  const laneText = env.BROWSER_LANE?.trim() ?? '';
  const lane = laneText === '' ? 1 : Number(laneText);
  if (!Number.isInteger(lane) || lane < 1 || lane > 50) {
    throw new Error(`BROWSER_LANE=${env.BROWSER_LANE}: expected a lane number (1, 2, …)`);
  }
  const offset = 10 * (lane - 1);
  const appPort = portFromEnv(env, 'APP_PORT') ?? defaults.appPort + offset;
  const explicitStack = portFromEnv(env, 'STACK_PORT');
  const stackPort = explicitStack ?? defaults.stackPort + offset;
  const dbPort =
    portFromEnv(env, 'DB_PORT') ??
    (explicitStack === undefined ? defaults.dbPort + offset : explicitStack + 1);
  const envFile =
    env.DEV_ENV_FILE?.trim() ||
    (stackPort === defaults.stackPort ? '.env.local' : `.local/stack-${stackPort}.env`);
  return { appPort, stackPort, dbPort, envFile };
}

/**
 * How `npm run dev` serves the app: `dev` (the default: Vite's dev server, hot reload, modules one
 * by one) or `built` (DEV_SERVE=built: a production build for this start's stack URL and key, made
 * in about two seconds and served by `vite preview` — what a host serves; the browser suites use
 * it, as a fresh page then loads a few files instead of hundreds of modules).
 */
export type DevServe = 'dev' | 'built';

export function devServeFromEnv(env: Record<string, string | undefined>): DevServe {
  const text = env.DEV_SERVE?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'dev') return 'dev';
  if (text === 'built') return 'built';
  throw new Error(`DEV_SERVE=${env.DEV_SERVE}: expected dev (the dev server) or built (a production build)`);
}
