// `npm run deploy` before any step: the dry run prints every step and runs none; a bad village
// file, a development hook secret, a missing secret or a Twilio sender the account lacks stop it
// before anything changes (tests/deploy/platform.ts fakes the platform).
import { join } from 'node:path';
import { ROOT } from '../../dev/db.ts';
import { deploy, developmentHookSecret, functionSecrets } from '../../scripts/deploy/deploy.ts';
import { readVillageFile } from '../../scripts/deploy/village.ts';
import { fakePlatform, GOOD_AUTH, REF, run, secrets, VILLAGE } from './platform.ts';

describe('npm run deploy', () => {
  it('--dry-run prints every step and runs none', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'deploy', '--', '--project-ref', REF, '--village', 'villages/example.json', '--dry-run'], {
      cwd: ROOT,
      timeout: 120_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    for (const step of ['supabase link', 'supabase db push', 'supabase config push', 'config/auth', 'supabase secrets set',
      'supabase functions deploy api', 'vault.create_secret', 'private.bootstrap_first_admin', 'app.admin_create_location']) {
      expect(stdout).toContain(step);
    }
    expect(stdout).toMatch(/^9\/9 /m);
    expect(stdout).toContain('Missing before a real deploy');
    expect(stdout).toContain('Dry run: nothing was changed.');
  });

  it('refuses a bad village file in words, before anything', async () => {
    const platform = fakePlatform();
    const log: string[] = [];
    await expect(
      deploy({ projectRef: REF, villagePath: join(ROOT, 'package.json'), dryRun: false, env: secrets(), ...platform, log: (l) => log.push(l) }),
    ).rejects.toThrow(/has 7 problem\(s\):\n {2}- programmeName: expected text\n(.|\n)*- businesses: expected a list\n {2}- tiers: expected a group of fields\n {2}- unknown field\(s\) name, private/);
    expect(platform.calls).toEqual([]);
  });

  it('refuses the development hook secret and says what else is missing', async () => {
    const platform = fakePlatform();
    const log: string[] = [];
    const env = { ...secrets(), SEND_SMS_HOOK_SECRETS: developmentHookSecret(), TWILIO_SENDER: 'ACME' };
    const result = await deploy({ projectRef: REF, villagePath: VILLAGE, dryRun: false, dbUrl: 'postgres://x@127.0.0.1:1/x', env, ...platform, log: (l) => log.push(l) });
    expect(developmentHookSecret()).toMatch(/^v1,whsec_/);
    expect(result.ok).toBe(false);
    expect(result.missing).toEqual([
      'SEND_SMS_HOOK_SECRETS is the development value of supabase/.env: make a new one for this project',
      'TWILIO_SENDER is not set or not a Messaging Service SID (MG…) or a +1 number',
    ]);
    expect(platform.calls).toEqual([]);
  });

  it('refuses a Twilio sender the account does not have', async () => {
    const platform = fakePlatform(GOOD_AUTH, []);
    const result = await deploy({ projectRef: REF, villagePath: VILLAGE, dryRun: false, dbUrl: 'postgres://x@127.0.0.1:1/x', env: secrets(), ...platform, log: () => {} });
    expect(result.missing).toEqual(['The Twilio account has no number +15555550199']);
    expect(platform.calls).toEqual([]);
  });

  it('passes the wallet secrets on to the function when the operator has them', () => {
    const village = readVillageFile(VILLAGE);
    const names = Object.keys(functionSecrets({ ...secrets(), APPLE_TEAM_ID: 'TEAM123456', GOOGLE_WALLET_ISSUER_ID: '338', APPLE_PASS_CERT: '' }, village));
    expect(names).toEqual(expect.arrayContaining(['APPLE_TEAM_ID', 'GOOGLE_WALLET_ISSUER_ID', 'TEXTS_DRAIN_SECRET']));
    expect(names).not.toContain('APPLE_PASS_CERT');
  });
});
