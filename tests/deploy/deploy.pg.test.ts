// `npm run deploy` for real, against a local database shaped as a hosted project's (dev/sql/base.sql,
// as tests/db/cli-push.pg.test.ts does): the real `supabase db push`, the Vault secrets, the first
// admin and the catalogue. The steps that need the hosted platform (link, config push, secrets,
// functions deploy) go to a recording stand-in of the CLI, which checks what each would send; the
// Management API and Twilio are a fake fetch; Supabase Vault a minimal stand-in schema.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { listMigrations, ROOT } from '../../dev/db.ts';
import { deploy } from '../../scripts/deploy/deploy.ts';
import { realPostgresUrl } from '../support/db.ts';
import { fakePlatform, FUNCTIONS, GOOD_AUTH, REF, secrets, VAULT_STAND_IN, VILLAGE } from './platform.ts';

describe('npm run deploy', () => {
  describe('against a local database shaped as a hosted project', () => {
    const name = `deploy_${randomBytes(4).toString('hex')}`;
    let admin: postgres.Sql;
    let url: string;

    beforeAll(async () => {
      const server = realPostgresUrl();
      if (!server) throw new Error('DATABASE_URL is not set');
      const adminUrl = new URL(server);
      adminUrl.pathname = '/postgres';
      admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      const target = new URL(server);
      target.pathname = `/${name}`;
      url = target.toString();
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      await sql.unsafe(readFileSync(join(ROOT, 'dev', 'sql', 'base.sql'), 'utf8'));
      await sql.unsafe(VAULT_STAND_IN);
      await sql.end();
    });

    afterAll(async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });

    it('runs every step; the hosted ones send what the project needs; a second deploy changes nothing', async () => {
      const platform = fakePlatform();
      const env = secrets();
      const log: string[] = [];
      const result = await deploy({ projectRef: REF, villagePath: VILLAGE, dryRun: false, dbUrl: url, env, ...platform, log: (l) => log.push(l) });
      expect(result).toEqual({ ok: true, missing: [] });
      expect(platform.calls).toEqual(['link --project-ref', 'db push', 'config push', 'secrets set', 'functions deploy']);

      // config push: the village's address, the hook at the project's function, no test numbers.
      const auth = platform.sent.config!.auth as Record<string, Record<string, Record<string, unknown>>> & { site_url: string };
      expect(auth.site_url).toBe('https://rewards.village.example');
      expect(auth.hook!.send_sms).toMatchObject({ enabled: true, uri: `${FUNCTIONS}/api/hooks/send-sms`, secrets: 'env(SEND_SMS_HOOK_SECRETS)' });
      expect(auth.sms!.test_otp).toBeUndefined();
      expect(auth.sms!.enable_confirmations).toBe(true);
      // secrets set: every secret the function needs, from this environment.
      expect(platform.sent.secrets).toContain(`SEND_SMS_HOOK_SECRETS="${env.SEND_SMS_HOOK_SECRETS}"`);
      expect(platform.sent.secrets).toContain('ALLOWED_ORIGINS="https://rewards.village.example"');
      expect(platform.sent.secrets).toContain('DEMO_MODE="false"');
      expect(platform.sent.secrets).toContain(`TEXTS_DRAIN_SECRET="${env.TEXTS_DRAIN_SECRET}"`);
      expect(platform.requests).toContain(`https://api.supabase.com/v1/projects/${REF}/config/auth`);

      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        const versions = await sql`select version from supabase_migrations.schema_migrations order by version`;
        expect(versions.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
        const vault = await sql`select name, decrypted_secret from vault.decrypted_secrets order by name`;
        expect(vault.map((v) => [v.name, v.decrypted_secret])).toEqual([
          ['texts_drain_secret', env.TEXTS_DRAIN_SECRET],
          ['texts_functions_url', FUNCTIONS],
        ]);
        expect(await sql`select phone, role from private.staff_grants`).toEqual([{ phone: '+15555550100', role: 'admin' }]);
        expect(await sql`select id from public.locations order by sort_order`).toHaveLength(6);
        expect(await sql`select 1 from public.rewards where kind = 'tier'`).toHaveLength(2);
        const [{ n: audited }] = (await sql`select count(*)::int as n from private.audit_log`) as unknown as [{ n: number }];

        const again: string[] = [];
        const second = await deploy({ projectRef: REF, villagePath: VILLAGE, dryRun: false, dbUrl: url, env, ...fakePlatform(), log: (l) => again.push(l) });
        expect(second.ok).toBe(true);
        expect(again.join('\n')).toContain('the programme has an admin already: nothing to do');
        const [{ n }] = (await sql`select count(*)::int as n from private.audit_log`) as unknown as [{ n: number }];
        expect(n).toBe(audited);
      } finally {
        await sql.end();
      }
    });

    it('stops when the project\'s Auth settings are not what config.toml says', async () => {
      const platform = fakePlatform({ ...GOOD_AUTH, sms_autoconfirm: true, hook_send_sms_uri: 'https://elsewhere.example/hook' });
      await expect(
        deploy({ projectRef: REF, villagePath: VILLAGE, dryRun: false, dbUrl: url, env: secrets(), ...platform, log: () => {} }),
      ).rejects.toThrow("The project's Auth settings are not as config.toml says: phone confirmations are off (sms_autoconfirm); the Send SMS hook calls another address (hook_send_sms_uri)");
      expect(platform.calls).toEqual(['link --project-ref', 'db push', 'config push']);
    });
  });
});
