// pgbench on the same server in the same run: the machine's SQL ceiling (tpcb-like) at each
// client count, in pgbench's own throwaway database, and a custom script (-f) for the rule SQL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

/** tps from pgbench's report (`tps = 3912.345678 (without initial connection time)`). */
export function parseTps(output: string): number | undefined {
  const match = /tps = ([\d.]+) \((?:without|excluding)/.exec(output);
  return match ? Number(match[1]) : undefined;
}

/** p50 is not in pgbench's summary; its average latency is (`latency average = 7.9 ms`). */
export function parseLatencyAverage(output: string): number | undefined {
  const match = /latency average = ([\d.]+) ms/.exec(output);
  return match ? Number(match[1]) : undefined;
}

function connectionArgs(url: URL): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
    ],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  };
}

export interface PgBench {
  tpcb(clients: number, seconds: number): Promise<{ tps?: number; latency?: number }>;
  /** Runs a custom script (-f) against `databaseUrl` (the bench's programme database). */
  script(
    databaseUrl: string,
    file: string,
    clients: number,
    seconds: number,
  ): Promise<{ tps?: number; latency?: number }>;
  drop(): Promise<void>;
}

export async function createPgBench(serverUrl: string, scale: number): Promise<PgBench> {
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const adminSql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await adminSql.unsafe(`create database "${name}"`);
  const { args, env } = connectionArgs(admin);
  await run('pgbench', [...args, '-i', '-q', '-s', String(scale), name], {
    env,
    maxBuffer: 1 << 24,
  });
  // A failed run (e.g. the server's connection limit, shared with others) is reported, not fatal.
  const timed = async (extra: string[], db: string, clients: number, seconds: number) => {
    const result = await run(
      'pgbench',
      [
        ...args,
        ...extra,
        '-n',
        '-c',
        String(clients),
        '-j',
        String(Math.min(clients, 2)),
        '-T',
        String(seconds),
        db,
      ],
      { env, maxBuffer: 1 << 24 },
    ).catch((error: Error) => {
      console.log(
        `pgbench ${extra.join(' ')} -c ${clients} failed: ${error.message.split('\n').slice(-3).join(' ')}`,
      );
      return { stdout: '' };
    });
    return { tps: parseTps(result.stdout), latency: parseLatencyAverage(result.stdout) };
  };
  return {
    tpcb: (clients, seconds) => timed(['-b', 'tpcb-like'], name, clients, seconds),
    script: (databaseUrl, file, clients, seconds) =>
      timed(['-f', file], new URL(databaseUrl).pathname.slice(1), clients, seconds),
    async drop() {
      await adminSql.unsafe(`drop database if exists "${name}" with (force)`);
      await adminSql.end();
    },
  };
}
