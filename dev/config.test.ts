// supabase/config.toml: the values the local stack reads from it, GoTrue's defaults for what it
// leaves out, and the Supabase CLI itself accepting every key in it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_PATH, durationSeconds, loadConfig, parseConfigToml } from './config.ts';
import { ROOT } from './db.ts';

describe('supabase/config.toml', () => {
  it('gives the stack its ports and the auth settings of docs/LOCAL-STACK.md', () => {
    const config = loadConfig();
    expect(config).toMatchObject({
      projectId: 'village-rewards',
      apiPort: 54321,
      dbPort: 54322,
      dbMajorVersion: 15,
    });
    expect(config.auth).toMatchObject({
      jwtExpirySeconds: 3600,
      enableSignup: true,
      enableAnonymousSignIns: true,
      refreshTokenRotation: true,
      refreshTokenReuseIntervalSeconds: 10,
      smsEnabled: true,
      smsAutoconfirm: false,
      smsTemplate: 'Your Village Rewards code is {{ .Code }}',
      smsMaxFrequencySeconds: 5,
      otpLength: 6,
      otpExpirySeconds: 60,
      testOtp: { '15555550100': '123456', '15555550101': '123456' },
      rateLimits: {
        smsSentPerHour: 30,
        anonymousUsersPerHour: 30,
        signInSignUpsPer5Min: 30,
        tokenVerificationsPer5Min: 30,
        tokenRefreshPer5Min: 150,
      },
    });
  });

  it("takes GoTrue's defaults for anything left out", () => {
    expect(parseConfigToml('').auth).toEqual({
      jwtExpirySeconds: 3600,
      enableSignup: true,
      enableAnonymousSignIns: false,
      refreshTokenRotation: true,
      refreshTokenReuseIntervalSeconds: 0,
      smsEnabled: false,
      smsAutoconfirm: true,
      smsTemplate: 'Your code is {{ .Code }}',
      smsMaxFrequencySeconds: 60,
      otpLength: 6,
      otpExpirySeconds: 60,
      testOtp: {},
      hooks: {},
      rateLimits: {
        smsSentPerHour: 30,
        anonymousUsersPerHour: 30,
        signInSignUpsPer5Min: 30,
        tokenVerificationsPer5Min: 30,
        tokenRefreshPer5Min: 150,
      },
    });
  });

  it('reads the SMS code keys of [auth.sms], not those of [auth.email], and the older enable_signup', () => {
    const auth = parseConfigToml(`
      [auth.email]
      otp_length = 8
      otp_expiry = 3600
      [auth.sms]
      enable_signup = true
      otp_length = 7
      otp_expiry = 300
      [auth.sms.test_otp]
      4152127777 = "654321"
    `).auth;
    expect(auth).toMatchObject({
      smsEnabled: true,
      otpLength: 7,
      otpExpirySeconds: 300,
      testOtp: { '4152127777': '654321' },
    });
  });

  it('reads Go durations', () => {
    expect(durationSeconds('5s', 60)).toBe(5);
    expect(durationSeconds('1m30s', 60)).toBe(90);
    expect(durationSeconds('500ms', 60)).toBe(0.5);
    expect(durationSeconds(undefined, 60)).toBe(60);
    expect(() => durationSeconds('5 seconds', 60)).toThrow(/duration/);
  });
});

describe('the Supabase CLI', () => {
  const cli = join(ROOT, 'node_modules', '.bin', 'supabase');

  /** What the CLI prints about a config.toml while loading it (the database call then fails). */
  function cliWarnings(configText: string): string {
    const project = mkdtempSync(join(tmpdir(), 'village-rewards-cli-'));
    try {
      mkdirSync(join(project, 'supabase'));
      writeFileSync(join(project, 'supabase', 'config.toml'), configText);
      const result = spawnSync(
        cli,
        ['migration', 'list', '--remote=postgres://nobody@127.0.0.1:9/none'],
        {
          cwd: project,
          encoding: 'utf8',
          env: {
            ...process.env,
            SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN: 'unused',
            // [auth.hook.send_sms] secrets: the CLI checks the format of what the variable holds.
            SEND_SMS_HOOK_SECRETS: `v1,whsec_${Buffer.from('a local secret of 32 characters!').toString('base64')}`,
          },
        },
      );
      const output = `${result.stdout}${result.stderr}`;
      // The config was read: the CLI got as far as the database.
      expect(output).toMatch(/failed to connect|connection refused|ECONNREFUSED/i);
      return output
        .split('\n')
        .filter((line) => /WARN|deprecated|does not recognize/i.test(line))
        .join('\n');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }

  it('accepts every key of config.toml without a warning', () => {
    expect(existsSync(cli)).toBe(true);
    expect(cliWarnings(readFileSync(CONFIG_PATH, 'utf8'))).toBe('');
  });

  it('warns about a key it does not know (so the check above can fail)', () => {
    const config = readFileSync(CONFIG_PATH, 'utf8').replace(
      '[auth.sms]\n',
      '[auth.sms]\notp_exp = 60\n',
    );
    expect(cliWarnings(config)).toMatch(/auth\.sms\.otp_exp/);
  });
});
