// `npm run deploy -- --project-ref <ref> --village <file> [--dry-run]`: a new village on a hosted
// Supabase project in one command (docs/DEPLOY.md). It first checks what is missing (secrets, the
// village file, the project, the Twilio sender), then runs every step in order: link, db push,
// config push (and reads the Auth settings back through the Management API), secrets, functions
// deploy, the texts' drain secret in Vault, the first admin, the village's catalogue. --dry-run
// prints each step without running it. Every step can run again: it changes only what differs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { CUSTOM_ACCESS_TOKEN_HOOK, hostedConfig } from './hosted-config.ts';
import { bootstrapFirstAdmin, loadVillage } from './load-village.ts';
import { readVillageFile, type Village } from './village.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Runs `supabase <args>` (the CLI of node_modules) with this environment. */
export type RunCli = (args: string[], env: NodeJS.ProcessEnv) => Promise<void>;

export interface DeployOptions {
  projectRef: string;
  villagePath: string;
  dryRun: boolean;
  /** The project's database (SUPABASE_DB_URL when not given). */
  dbUrl?: string;
  env: NodeJS.ProcessEnv;
  runCli: RunCli;
  fetch?: typeof fetch;
  /** The Management API (https://api.supabase.com) and Twilio's (tests point them at fakes). */
  managementApiUrl?: string;
  twilioApiUrl?: string;
  twilioMessagingUrl?: string;
  log: (line: string) => void;
}

interface Step {
  title: string;
  /** What it runs, as a reader would type it (no secret values). */
  shows: string;
  run: () => Promise<string | void>;
}

/** The development hook secret of supabase/.env: fine locally, refused for a hosted project. */
export function developmentHookSecret(): string | undefined {
  try {
    const text = readFileSync(join(ROOT, 'supabase', '.env'), 'utf8');
    return /^SEND_SMS_HOOK_SECRETS=(.*)$/m.exec(text)?.[1]?.trim();
  } catch {
    return undefined;
  }
}

const SECRET_FORMAT = /^v1,whsec_([A-Za-z0-9+/]+={0,2})$/;

/** Why this Send SMS hook secret cannot go to a hosted project, or undefined when it can. */
export function hookSecretProblem(value: string | undefined): string | undefined {
  if (!value) return 'SEND_SMS_HOOK_SECRETS is not set (v1,whsec_ followed by 32 random bytes in base64: `echo "v1,whsec_$(openssl rand -base64 32)"`)';
  if (value === developmentHookSecret()) return 'SEND_SMS_HOOK_SECRETS is the development value of supabase/.env: make a new one for this project';
  const match = SECRET_FORMAT.exec(value);
  if (!match) return 'SEND_SMS_HOOK_SECRETS is not of the form v1,whsec_<base64>';
  if (Buffer.from(match[1]!, 'base64').length < 32) return 'SEND_SMS_HOOK_SECRETS is too short: use 32 random bytes';
  return undefined;
}

const redactUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** What is missing before a real deploy can run, each in words. */
export function missingForDeploy(options: Pick<DeployOptions, 'projectRef' | 'dbUrl' | 'env'>): string[] {
  const { env } = options;
  const missing: string[] = [];
  if (!/^[a-z]{20}$/.test(options.projectRef)) missing.push(`the project ref "${options.projectRef}" is not 20 lower-case letters (dashboard → Project Settings)`);
  if (!env.SUPABASE_ACCESS_TOKEN) missing.push('SUPABASE_ACCESS_TOKEN is not set (a personal access token: dashboard → Account → Access Tokens)');
  if (!(options.dbUrl ?? env.SUPABASE_DB_URL)) missing.push('SUPABASE_DB_URL is not set (the project\'s connection string with its password: dashboard → Connect)');
  const hook = hookSecretProblem(env.SEND_SMS_HOOK_SECRETS);
  if (hook) missing.push(hook);
  if (!/^AC[0-9a-f]{32}$/.test(env.TWILIO_ACCOUNT_SID ?? '')) missing.push('TWILIO_ACCOUNT_SID is not set or not an account SID (AC followed by 32 hex digits)');
  if (!env.TWILIO_AUTH_TOKEN) missing.push('TWILIO_AUTH_TOKEN is not set');
  if (!/^(MG[0-9a-f]{32}|\+1[2-9]\d{9})$/.test(env.TWILIO_SENDER ?? '')) missing.push('TWILIO_SENDER is not set or not a Messaging Service SID (MG…) or a +1 number');
  if ((env.TEXTS_DRAIN_SECRET ?? '').length < 32) missing.push('TEXTS_DRAIN_SECRET is not set or shorter than 32 characters (`openssl rand -base64 32`)');
  return missing;
}

/** Whether the Twilio sender belongs to the account: a number it owns or a Messaging Service of it. */
async function twilioSenderProblem(options: DeployOptions): Promise<string | undefined> {
  const { env } = options;
  const doFetch = options.fetch ?? fetch;
  const sid = env.TWILIO_ACCOUNT_SID!;
  const sender = env.TWILIO_SENDER!;
  const authorization = `Basic ${Buffer.from(`${sid}:${env.TWILIO_AUTH_TOKEN}`).toString('base64')}`;
  const url = sender.startsWith('MG')
    ? `${options.twilioMessagingUrl ?? 'https://messaging.twilio.com'}/v1/Services/${sender}`
    : `${options.twilioApiUrl ?? 'https://api.twilio.com'}/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(sender)}`;
  const response = await doFetch(url, { headers: { authorization } }).catch(() => undefined);
  if (!response) return 'Twilio could not be reached to check TWILIO_SENDER';
  if (response.status === 401) return 'Twilio refused TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN';
  if (sender.startsWith('MG')) return response.ok ? undefined : `Twilio has no Messaging Service ${sender} on this account`;
  const body = (await response.json().catch(() => ({}))) as { incoming_phone_numbers?: unknown[] };
  return response.ok && (body.incoming_phone_numbers?.length ?? 0) > 0 ? undefined : `The Twilio account has no number ${sender}`;
}

/** The Auth settings config push must have left, checked through the Management API. */
export function authSettingsProblems(settings: Record<string, unknown>, functionsUrl: string): string[] {
  const expected: [string, unknown, string][] = [
    ['external_phone_enabled', true, 'the Phone provider is off'],
    ['sms_autoconfirm', false, 'phone confirmations are off'],
    ['external_anonymous_users_enabled', true, 'anonymous sign-ins (kiosks) are off'],
    ['hook_send_sms_enabled', true, 'the Send SMS hook is off'],
    ['hook_send_sms_uri', `${functionsUrl}/api/hooks/send-sms`, 'the Send SMS hook calls another address'],
    ['hook_custom_access_token_enabled', true, 'the Custom Access Token hook is off'],
    ['hook_custom_access_token_uri', CUSTOM_ACCESS_TOKEN_HOOK, 'the Custom Access Token hook calls another function'],
    ['sms_otp_exp', 60, 'SMS codes do not expire after 60 seconds'],
  ];
  return expected.filter(([key, value]) => settings[key] !== value).map(([key, , words]) => `${words} (${key})`);
}

function envFileLine(name: string, value: string): string {
  return `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The function's secrets: names and values (printed by name only). */
export function functionSecrets(env: NodeJS.ProcessEnv, village: Village): Record<string, string> {
  const secrets: Record<string, string> = {
    SEND_SMS_HOOK_SECRETS: env.SEND_SMS_HOOK_SECRETS ?? '',
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID ?? '',
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN ?? '',
    TWILIO_SENDER: env.TWILIO_SENDER ?? '',
    TEXTS_DRAIN_SECRET: env.TEXTS_DRAIN_SECRET ?? '',
    ALLOWED_ORIGINS: new URL(village.siteUrl).origin,
    DEMO_MODE: 'false',
  };
  for (const [name, value] of Object.entries(env)) {
    if (value && (name === 'CLIENT_IP_HEADER' || name === 'PUBLIC_FUNCTIONS_URL' || name.startsWith('RATE_LIMIT_'))) secrets[name] = value;
    // Wallet cards (docs/WALLET.md): passed on when the operator has them; none is required.
    if (value && /^(APPLE_|GOOGLE_WALLET_|GOOGLE_OAUTH_TOKEN_URL$)/.test(name)) secrets[name] = value;
  }
  return secrets;
}

/** Stores (or replaces) one Supabase Vault secret. */
async function storeVaultSecret(sql: postgres.Sql, name: string, value: string): Promise<void> {
  const [existing] = await sql`select id from vault.secrets where name = ${name}`;
  if (existing) await sql`select vault.update_secret(${existing.id}, ${value})`;
  else await sql`select vault.create_secret(${value}, ${name})`;
}

export async function deploy(options: DeployOptions): Promise<{ ok: boolean; missing: string[] }> {
  const { projectRef, env, log } = options;
  const village = readVillageFile(options.villagePath);
  const dbUrl = options.dbUrl ?? env.SUPABASE_DB_URL ?? '';
  const functionsUrl = (env.PUBLIC_FUNCTIONS_URL ?? `https://${projectRef}.supabase.co/functions/v1`).replace(/\/+$/, '');
  const managementApi = options.managementApiUrl ?? 'https://api.supabase.com';
  const doFetch = options.fetch ?? fetch;
  log(`Village: ${village.programmeName}, ${village.businesses.length} businesses, at ${village.siteUrl} (${village.timeZone}).`);

  const missing = missingForDeploy({ projectRef, dbUrl: dbUrl || undefined, env });
  if (!options.dryRun && missing.length === 0) {
    const twilio = await twilioSenderProblem(options);
    if (twilio) missing.push(twilio);
    const project = await doFetch(`${managementApi}/v1/projects/${projectRef}`, {
      headers: { authorization: `Bearer ${env.SUPABASE_ACCESS_TOKEN}` },
    }).catch(() => undefined);
    if (!project?.ok) missing.push(`the Management API does not show project ${projectRef} to this SUPABASE_ACCESS_TOKEN`);
  }
  if (missing.length) {
    log(`${options.dryRun ? 'Missing before a real deploy' : 'Missing'}:\n  - ${missing.join('\n  - ')}`);
    if (!options.dryRun) return { ok: false, missing };
  }

  // The CLI gets the hook secret from this environment (an exported value wins over supabase/.env).
  const cliEnv = { ...env, SUPABASE_ACCESS_TOKEN: env.SUPABASE_ACCESS_TOKEN, SEND_SMS_HOOK_SECRETS: env.SEND_SMS_HOOK_SECRETS };
  const withSql = async <T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
    const sql = postgres(dbUrl, { max: 1, prepare: false, onnotice: () => {} });
    try {
      return await work(sql);
    } finally {
      await sql.end();
    }
  };
  const secrets = functionSecrets(env, village);
  const steps: Step[] = [
    {
      title: 'Link the repository to the project',
      shows: `supabase link --project-ref ${projectRef}`,
      run: () => options.runCli(['link', '--project-ref', projectRef, '--yes'], cliEnv),
    },
    {
      title: 'Apply the migrations (the schema, the texts\' schedule)',
      shows: `supabase db push --remote=${redactUrl(dbUrl || '$SUPABASE_DB_URL')} --yes`,
      run: () => options.runCli(['db', 'push', `--remote=${dbUrl}`, '--yes'], cliEnv),
    },
    {
      title: 'Push the Auth settings (phone sign-in, anonymous kiosks, both hooks, no test numbers)',
      shows: `supabase config push --remote=${projectRef} --workdir <supabase/config.toml for ${village.siteUrl}> --yes`,
      run: async () => {
        const workdir = mkdtempSync(join(tmpdir(), 'village-deploy-'));
        try {
          const config = hostedConfig(readFileSync(join(ROOT, 'supabase', 'config.toml'), 'utf8'), { siteUrl: village.siteUrl, functionsUrl });
          const dir = join(workdir, 'supabase');
          mkdirSync(dir);
          writeFileSync(join(dir, 'config.toml'), config);
          await options.runCli(['config', 'push', `--remote=${projectRef}`, '--workdir', workdir, '--yes'], cliEnv);
        } finally {
          rmSync(workdir, { recursive: true, force: true });
        }
      },
    },
    {
      title: 'Check the Auth settings through the Management API',
      shows: `GET ${managementApi}/v1/projects/${projectRef}/config/auth`,
      run: async () => {
        const response = await doFetch(`${managementApi}/v1/projects/${projectRef}/config/auth`, {
          headers: { authorization: `Bearer ${env.SUPABASE_ACCESS_TOKEN}` },
        });
        if (!response.ok) throw new Error(`The Management API answered ${response.status} for the Auth settings`);
        const problems = authSettingsProblems((await response.json()) as Record<string, unknown>, functionsUrl);
        if (problems.length) throw new Error(`The project's Auth settings are not as config.toml says: ${problems.join('; ')}`);
        return 'phone sign-in, confirmations, anonymous kiosks, both hooks and the 60-second codes are as config.toml says';
      },
    },
    {
      title: 'Set the function\'s secrets',
      shows: `supabase secrets set --remote=${projectRef} --env-file <${Object.keys(secrets).join(', ')}> --yes`,
      run: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'village-secrets-'));
        const file = join(dir, 'secrets.env');
        try {
          writeFileSync(file, Object.entries(secrets).map(([name, value]) => envFileLine(name, value)).join('\n') + '\n', { mode: 0o600 });
          await options.runCli(['secrets', 'set', `--remote=${projectRef}`, '--env-file', file, '--yes'], cliEnv);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    },
    {
      title: 'Deploy the api function',
      shows: `supabase functions deploy api --remote=${projectRef} --use-api --yes`,
      run: () => options.runCli(['functions', 'deploy', 'api', `--remote=${projectRef}`, '--use-api', '--yes'], cliEnv),
    },
    {
      title: 'Keep the texts\' drain secret and address in Vault (the schedule reads them)',
      shows: 'vault.create_secret / vault.update_secret: texts_drain_secret, texts_functions_url',
      run: () =>
        withSql(async (sql) => {
          const [vault] = await sql`select to_regclass('vault.secrets') is not null as present`;
          if (!vault!.present) throw new Error('This database has no Supabase Vault: is SUPABASE_DB_URL a hosted project\'s?');
          await storeVaultSecret(sql, 'texts_drain_secret', env.TEXTS_DRAIN_SECRET ?? '');
          await storeVaultSecret(sql, 'texts_functions_url', functionsUrl);
          const [job] = await sql`select exists (select 1 from pg_namespace where nspname = 'cron') as present`;
          return job!.present ? 'stored; the drain-texts job runs every minute' : 'stored; this database has no pg_cron, so no job calls the drain';
        }),
    },
    {
      title: 'Grant the first admin',
      shows: `select private.bootstrap_first_admin('${village.firstAdmin.phone}')`,
      run: () =>
        withSql(async (sql) => {
          const { status } = await bootstrapFirstAdmin(sql, village.firstAdmin.phone);
          return status === 'exists'
            ? 'the programme has an admin already: nothing to do (add admins on /admin → People)'
            : status === 'pending'
              ? `${village.firstAdmin.phone} becomes admin at their first sign-in`
              : `${village.firstAdmin.phone} is admin from their next sign-in`;
        }),
    },
    {
      title: 'Load the village\'s catalogue (businesses, rewards, tiers, content)',
      shows: 'app.admin_create_location, app.admin_create_reward, app.admin_update_tiers, app.admin_update_content, …',
      run: () =>
        withSql(async (sql) => {
          const changes = await loadVillage(sql, village);
          return changes.join('; ');
        }),
    },
  ];

  for (const [index, step] of steps.entries()) {
    log(`${index + 1}/${steps.length} ${step.title}\n    $ ${step.shows}`);
    if (options.dryRun) continue;
    const said = await step.run();
    if (said) log(`    ${said}`);
  }
  log(options.dryRun ? 'Dry run: nothing was changed.' : `Deployed. Open ${village.siteUrl} once the app is built and served (docs/DEPLOY.md).`);
  return { ok: true, missing };
}
