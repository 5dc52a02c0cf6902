// Starts scripts/bench/server.ts in a child process and reads the url it listens on.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { JWK } from 'jose';
import type { SigningKeys } from '../../dev/keys.ts';

export interface ServerProcess {
  url: string;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  anonKey: string;
  stop(): Promise<void>;
}

export async function startServer(
  databaseUrl: string,
  keys: { keys: SigningKeys; privateJwk: JWK },
  options: {
    poolSize: number;
    keepTokens?: boolean;
    port?: number;
    /** A module whose createDb the api uses instead of _shared/db.ts's (door-ab.ts's baseline). */
    doorModule?: string;
  },
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'server.ts')],
    {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_PRIVATE_JWK: JSON.stringify(keys.privateJwk),
        BENCH_PUBLIC_JWK: JSON.stringify(keys.keys.publicJwk),
        BENCH_POOL_SIZE: String(options.poolSize),
        BENCH_PORT: String(options.port ?? 0),
        BENCH_KEEP_TOKENS: String(options.keepTokens ?? true),
        ...(options.doorModule ? { BENCH_DOOR_MODULE: options.doorModule } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [url, anonKey] = await new Promise<[string, string]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+) (\S+)/.exec(out);
      if (match) resolve([match[1]!, match[2]!]);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    anonKey,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
