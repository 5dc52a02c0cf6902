// Reads supabase/config.toml (the Supabase CLI's format) into the settings the local auth
// stand-in needs, with GoTrue's defaults for anything left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { ROOT } from './db.ts';

export interface AuthSettings {
  jwtExpirySeconds: number;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  smsEnabled: boolean;
  smsTemplate: string;
  smsMaxFrequencySeconds: number;
  otpLength: number;
  otpExpirySeconds: number;
  /** Phone (digits with country code) → fixed code; no SMS is sent to these. */
  testOtp: Record<string, string>;
  rateLimits: {
    smsSentPerHour: number;
    anonymousUsersPerHour: number;
    signInSignUpsPer5Min: number;
    tokenVerificationsPer5Min: number;
    tokenRefreshPer5Min: number;
  };
}

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return value && typeof value === 'object' ? (value as Table) : {};
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** "5s", "1m", "2h" → seconds (GoTrue durations). */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value !== 'string') return fallback;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim());
  if (!match) throw new Error(`config.toml: cannot read the duration "${value}"`);
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * factor;
}

export function parseAuthSettings(toml: string): AuthSettings {
  const root = parse(toml) as Table;
  const auth = table(root.auth);
  const sms = table(auth.sms);
  const email = table(auth.email);
  const limits = table(auth.rate_limit);
  const testOtp: Record<string, string> = {};
  for (const [phone, code] of Object.entries(table(sms.test_otp))) {
    testOtp[phone.replace(/\D/g, '')] = String(code);
  }
  return {
    jwtExpirySeconds: num(auth.jwt_expiry, 3600),
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    smsEnabled: bool(sms.enabled, false),
    smsTemplate: typeof sms.template === 'string' ? sms.template : 'Your code is {{ .Code }}',
    smsMaxFrequencySeconds: durationSeconds(sms.max_frequency, 60),
    // The CLI format has no SMS-specific OTP length/expiry; [auth.email] holds them.
    otpLength: num(email.otp_length, 6),
    otpExpirySeconds: num(email.otp_expiry, 60),
    testOtp,
    rateLimits: {
      smsSentPerHour: num(limits.sms_sent, 30),
      anonymousUsersPerHour: num(limits.anonymous_users, 30),
      signInSignUpsPer5Min: num(limits.sign_in_sign_ups, 30),
      tokenVerificationsPer5Min: num(limits.token_verifications, 30),
      tokenRefreshPer5Min: num(limits.token_refresh, 150),
    },
  };
}

export function loadAuthSettings(path = join(ROOT, 'supabase', 'config.toml')): AuthSettings {
  return parseAuthSettings(readFileSync(path, 'utf8'));
}
