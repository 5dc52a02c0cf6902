// The texts' and the wallet pushes' schedules are migrations (supabase/schemas/48_texts.sql,
// 86_wallet.sql): on a Postgres that has
// pg_cron (Debian's postgresql-15-cron, preloaded in a throwaway cluster of this test's own) the
// migrations create the every-minute jobs; each command calls its drain with the address and secret
// kept in Vault. pg_net and Supabase Vault are not Debian packages: this test gives the cluster
// minimal stand-ins (net.http_post records its call; vault.decrypted_secrets is a plain table),
// shaped as hosted Supabase's are. Where pg_cron is not preloaded the migration skips, with a notice.
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { listMigrations, migrate } from '../../dev/db.ts';
import { startCluster, type Cluster } from '../faults/cluster.ts';

const STAND_INS = `
  create schema net;
  create table net.calls (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds integer default 5000)
    returns bigint language sql as $$
      insert into net.calls values (url, body, headers, timeout_milliseconds) returning 1::bigint $$;
  create schema vault;
  create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
`;

const schedule = listMigrations().find((m) => m.name === 'texts_schedule')!;
const walletSchedule = listMigrations().find((m) => m.name === 'wallet_schedule')!;

describe('the texts schedule (pg_cron)', () => {
  let cluster: Cluster;
  let sql: postgres.Sql;

  beforeAll(async () => {
    cluster = await startCluster({ shared_preload_libraries: 'pg_cron', 'cron.database_name': 'postgres' });
    sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await sql.unsafe(STAND_INS);
    await migrate(sql);
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  });

  it('schedules the drain every minute, with the address and the secret from Vault', async () => {
    const jobs = await sql`select jobname, schedule, command, active from cron.job where jobname = 'drain-texts'`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ jobname: 'drain-texts', schedule: '* * * * *', active: true });
    const command = jobs[0]!.command as string;
    expect(command).toContain('net.http_post');

    // Without the two Vault secrets (before `npm run deploy` stores them) the job calls nothing.
    await sql.unsafe(command);
    expect(await sql`select * from net.calls`).toHaveLength(0);

    await sql`insert into vault.decrypted_secrets values
      ('texts_functions_url', 'https://abcdefghijklmnop.supabase.co/functions/v1'),
      ('texts_drain_secret', 'the drain secret')`;
    await sql.unsafe(command);
    const calls = await sql`select * from net.calls`;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: 'https://abcdefghijklmnop.supabase.co/functions/v1/api/hooks/texts/drain',
      body: {},
      headers: { 'content-type': 'application/json', 'x-drain-secret': 'the drain secret' },
      timeout_milliseconds: 30000,
    });
  });

  it('schedules the wallet pushes\' drain every minute, with the same address and secret', async () => {
    const jobs = await sql`select jobname, schedule, command, active from cron.job where jobname = 'drain-wallet'`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ schedule: '* * * * *', active: true });
    await sql`delete from net.calls`;
    await sql`delete from vault.decrypted_secrets`;
    // Without the Vault secrets the job calls nothing.
    await sql.unsafe(jobs[0]!.command as string);
    expect(await sql`select * from net.calls`).toHaveLength(0);
    await sql`insert into vault.decrypted_secrets values
      ('texts_functions_url', 'https://abcdefghijklmnop.supabase.co/functions/v1'),
      ('texts_drain_secret', 'the drain secret')`;
    await sql.unsafe(jobs[0]!.command as string);
    const calls = await sql`select * from net.calls`;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: 'https://abcdefghijklmnop.supabase.co/functions/v1/api/hooks/wallet/drain',
      body: {},
      headers: { 'content-type': 'application/json', 'x-drain-secret': 'the drain secret' },
      timeout_milliseconds: 30000,
    });
  });

  it('running the migrations again keeps one job each', async () => {
    await sql.unsafe(readFileSync(schedule.path, 'utf8'));
    await sql.unsafe(readFileSync(walletSchedule.path, 'utf8'));
    const jobs = await sql`select jobname from cron.job order by jobname`;
    expect(jobs.map((j) => j.jobname)).toEqual(['drain-texts', 'drain-wallet']);
  });

  it('skips with a notice where the extensions are missing', async () => {
    await sql`create database no_vault`;
    const url = new URL(cluster.url);
    url.pathname = '/no_vault';
    const notices: string[] = [];
    const other = postgres(url.toString(), { max: 1, onnotice: (n) => notices.push(String(n.message)) });
    try {
      // pg_cron lives in cron.database_name only: here it is neither created nor creatable.
      await other.unsafe(readFileSync(schedule.path, 'utf8'));
      await other.unsafe(readFileSync(walletSchedule.path, 'utf8'));
      expect(notices.join('\n')).toMatch(/texts schedule skipped: this database has no/);
      expect(notices.join('\n')).toMatch(/wallet schedule skipped: this database has no/);
      expect(await other`select 1 from pg_extension where extname = 'pg_cron'`).toHaveLength(0);
    } finally {
      await other.end();
    }
  });
});
