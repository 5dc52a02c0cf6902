// The hosted platform as `npm run deploy` meets it, for its tests: a recording stand-in of the
// Supabase CLI (only `db push` runs for real, against the local database), a fake fetch for the
// Management API and Twilio, a minimal Supabase Vault (the local Postgres has none) and secrets.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { ROOT } from '../../dev/db.ts';
import type { DeployOptions } from '../../scripts/deploy/deploy.ts';

export const run = promisify(execFile);
export const REF = 'abcdefghijklmnopqrst';
export const VILLAGE = join(ROOT, 'villages', 'example.json');
export const FUNCTIONS = `https://${REF}.supabase.co/functions/v1`;

export const VAULT_STAND_IN = `
  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, secret text);
  create function vault.create_secret(new_secret text, new_name text default null) returns uuid language sql as
    $$ insert into vault.secrets (name, secret) values (new_name, new_secret) returning id $$;
  create function vault.update_secret(secret_id uuid, new_secret text default null) returns void language sql as
    $$ update vault.secrets set secret = new_secret where id = secret_id $$;
  create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
`;

export const GOOD_AUTH = {
  external_phone_enabled: true,
  sms_autoconfirm: false,
  external_anonymous_users_enabled: true,
  hook_send_sms_enabled: true,
  hook_send_sms_uri: `${FUNCTIONS}/api/hooks/send-sms`,
  hook_custom_access_token_enabled: true,
  hook_custom_access_token_uri: 'pg-functions://postgres/private/custom_access_token_hook',
  sms_otp_exp: 60,
};

export function secrets(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SUPABASE_ACCESS_TOKEN: 'sbp_test',
    SEND_SMS_HOOK_SECRETS: `v1,whsec_${randomBytes(32).toString('base64')}`,
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: 'twilio-token',
    TWILIO_SENDER: '+15555550199',
    TEXTS_DRAIN_SECRET: randomBytes(32).toString('base64'),
  };
}

/** The hosted platform as the deploy sees it: what each CLI call would send, and a fake fetch. */
export function fakePlatform(auth: Record<string, unknown> = GOOD_AUTH, twilioNumbers: unknown[] = [{ sid: 'PN1' }]) {
  const calls: string[] = [];
  const sent: { config?: Record<string, unknown>; secrets?: string } = {};
  const runCli: DeployOptions['runCli'] = async (args, env) => {
    calls.push(args.slice(0, 2).join(' '));
    if (args[0] === 'db') {
      // The one step that runs here for real: the CLI itself, against the local database.
      await run('npx', ['supabase', ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 180_000 });
    } else if (args[0] === 'config') {
      const workdir = args[args.indexOf('--workdir') + 1]!;
      sent.config = parse(readFileSync(join(workdir, 'supabase', 'config.toml'), 'utf8')) as Record<string, unknown>;
    } else if (args[0] === 'secrets') {
      sent.secrets = readFileSync(args[args.indexOf('--env-file') + 1]!, 'utf8');
    }
  };
  const requests: string[] = [];
  const fakeFetch = (async (input: string | URL | Request) => {
    const url = String(input);
    requests.push(url);
    if (url === `https://api.supabase.com/v1/projects/${REF}`) return Response.json({ ref: REF });
    if (url === `https://api.supabase.com/v1/projects/${REF}/config/auth`) return Response.json(auth);
    if (url.startsWith('https://api.twilio.com/2010-04-01/Accounts/')) return Response.json({ incoming_phone_numbers: twilioNumbers });
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { calls, sent, requests, runCli, fetch: fakeFetch };
}

