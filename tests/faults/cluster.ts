// A throwaway Postgres cluster of its own (initdb in a temp dir, its own port and socket dir), so
// a fault test can restart the server mid-load without touching the shared one on 5432.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Cluster {
  /** The cluster's postgres database, trust auth, user postgres. */
  url: string;
  /** `pg_ctl restart -m fast`: open connections are terminated, in-flight transactions roll back. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Postgres's server binaries: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) throw new Error('no Postgres server binaries (initdb) under /usr/lib/postgresql; set PG_BIN');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** settings: server settings (-c name=value), e.g. shared_preload_libraries for pg_cron. */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'village-rewards-faults-'));
  // initdb refuses to run as root: then the cluster belongs to the postgres system user.
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? 'postgres' : undefined;
  if (owner) {
    const { stdout } = await run('id', ['-u', owner]);
    const { stdout: gid } = await run('id', ['-g', owner]);
    chownSync(dir, Number(stdout), Number(gid));
  }
  const as = (command: string, args: string[]) =>
    owner ? run('runuser', ['-u', owner, '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // Durability does not matter here; a fast restart still rolls back every open transaction.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60${Object.entries(
    settings,
  )
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('')}`;
  const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, ...args]);
  await pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await pgCtl('-m', 'fast', 'restart');
    },
    stop: async () => {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
