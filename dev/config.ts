// Reads supabase/config.toml (the Supabase CLI's format) into the settings the local stack and
// its auth stand-in use; anything left out takes GoTrue's own default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { ROOT } from './db.ts';

export const CONFIG_PATH = join(ROOT, 'supabase', 'config.toml');
/** Where the local stack keeps its state (git-ignored): PGlite's files and the signing key. */
export const DEFAULT_DATA_DIR = join(ROOT, '.local', 'pglite');
export const KEYS_PATH = join(ROOT, '.local', 'keys.json');

/** An [auth.hook.<name>] table: where Auth calls the hook and the secrets it signs HTTP calls with. */
export interface HookSettings {
  uri: string;
  /** "v1,whsec_<base64>" (GoTrue takes several separated by "|"). */
  secrets: string[];
}

export interface AuthSettings {
  jwtExpirySeconds: number;
  /** [auth] enable_signup: new users (phone or anonymous) may be created. */
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  refreshTokenRotation: boolean;
  /** A used refresh token still works this long (seconds) after it was rotated. */
  refreshTokenReuseIntervalSeconds: number;
  /** [auth.sms] enabled (enable_signup before CLI 3): the phone provider is on. */
  smsEnabled: boolean;
  /** Not [auth.sms] enable_confirmations: a new phone user counts as confirmed at once. */
  smsAutoconfirm: boolean;
  smsTemplate: string;
  smsMaxFrequencySeconds: number;
  otpLength: number;
  otpExpirySeconds: number;
  /** Phone (digits with country code) → fixed code; no SMS is sent to these. */
  testOtp: Record<string, string>;
  /** Enabled hooks ([auth.hook.send_sms], [auth.hook.custom_access_token]). */
  hooks: { sendSms?: HookSettings; customAccessToken?: HookSettings };
  rateLimits: {
    smsSentPerHour: number;
    anonymousUsersPerHour: number;
    signInSignUpsPer5Min: number;
    tokenVerificationsPer5Min: number;
    tokenRefreshPer5Min: number;
  };
}

export interface StackConfig {
  projectId: string;
  apiPort: number;
  dbPort: number;
  dbMajorVersion: number;
  auth: AuthSettings;
}

type Table = Record<string, unknown>;

const table = (value: unknown): Table =>
  value && typeof value === 'object' ? (value as Table) : {};
const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
// GoTrue treats 0 as "not set" for these and uses its default.
const positive = (value: unknown, fallback: number) => num(value, 0) || fallback;

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** A Go duration ("5s", "1m30s", "2h") in seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value !== 'string') return fallback;
  const text = value.trim();
  if (text === '0') return 0;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) {
    throw new Error(`supabase/config.toml: cannot read the duration "${value}"`);
  }
  let seconds = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    seconds += Number(amount) * UNIT_SECONDS[unit!]!;
  }
  return seconds;
}

/** A config value, or the environment variable an "env(NAME)" value names (the CLI's syntax). */
function configValue(value: unknown, env: Record<string, string | undefined>): string {
  if (typeof value !== 'string') return '';
  const named = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  return named ? (env[named[1]!] ?? '') : value;
}

function parseHook(value: unknown, env: Record<string, string | undefined>): HookSettings | undefined {
  const hook = table(value);
  if (!bool(hook.enabled, false)) return undefined;
  const uri = configValue(hook.uri, env);
  if (!uri) throw new Error('supabase/config.toml: an enabled [auth.hook.*] needs a uri');
  const secrets = configValue(hook.secrets, env)
    .split('|')
    .map((secret) => secret.trim())
    .filter(Boolean);
  return { uri, secrets };
}

export function parseAuthSettings(auth: Table, env: Record<string, string | undefined> = process.env): AuthSettings {
  const hooks = table(auth.hook);
  const sms = table(auth.sms);
  const limits = table(auth.rate_limit);
  const testOtp: Record<string, string> = {};
  for (const [phone, code] of Object.entries(table(sms.test_otp))) {
    testOtp[phone.replace(/\D/g, '')] = String(code);
  }
  return {
    jwtExpirySeconds: positive(auth.jwt_expiry, 3600),
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseIntervalSeconds: num(auth.refresh_token_reuse_interval, 0),
    smsEnabled: bool(sms.enabled, bool(sms.enable_signup, false)),
    smsAutoconfirm: !bool(sms.enable_confirmations, false),
    smsTemplate: typeof sms.template === 'string' ? sms.template : 'Your code is {{ .Code }}',
    smsMaxFrequencySeconds: durationSeconds(sms.max_frequency, 60) || 60,
    // CLI 3 has SMS-specific keys for these ([auth.sms] otp_length / otp_expiry → GoTrue's
    // SMS_OTP_LENGTH / SMS_OTP_EXP); [auth.email]'s keys are for email codes only.
    otpLength: positive(sms.otp_length, 6),
    otpExpirySeconds: positive(sms.otp_expiry, 60),
    testOtp,
    hooks: {
      sendSms: parseHook(hooks.send_sms, env),
      customAccessToken: parseHook(hooks.custom_access_token, env),
    },
    rateLimits: {
      smsSentPerHour: num(limits.sms_sent, 30),
      anonymousUsersPerHour: num(limits.anonymous_users, 30),
      signInSignUpsPer5Min: num(limits.sign_in_sign_ups, 30),
      tokenVerificationsPer5Min: num(limits.token_verifications, 30),
      tokenRefreshPer5Min: num(limits.token_refresh, 150),
    },
  };
}

export function parseConfigToml(toml: string): StackConfig {
  const root = parse(toml) as Table;
  const api = table(root.api);
  const db = table(root.db);
  return {
    projectId: typeof root.project_id === 'string' ? root.project_id : 'default',
    apiPort: num(api.port, 54321),
    dbPort: num(db.port, 54322),
    dbMajorVersion: num(db.major_version, 17),
    auth: parseAuthSettings(table(root.auth)),
  };
}

export function loadConfig(path = CONFIG_PATH): StackConfig {
  return parseConfigToml(readFileSync(path, 'utf8'));
}

export function loadAuthSettings(path = CONFIG_PATH): AuthSettings {
  return loadConfig(path).auth;
}
