// The api function's settings, parsed from an environment record (Deno.env.toObject() in the
// edge function, process.env in the local stack), so no module reads the environment itself.
import { z } from 'zod';
import { walletSettings, type WalletSettings } from './wallet/settings.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  sendCodePerIp: RateLimitRule;
  verifyPerPhone: RateLimitRule;
  /** Sign-ups per kiosk device, or per client address for everyone else. */
  customersPerClient: RateLimitRule;
  enrolPerKiosk: RateLimitRule;
  /** Check-ins by phone per kiosk device: a phone that is not a customer answers 404, so unlimited look-ups would list members. */
  checkinsPerKiosk: RateLimitRule;
  searchesPerClerk: RateLimitRule;
  contactPerIp: RateLimitRule;
  /** Invitation code checks per client address (GET /api/referrals/:code): codes cannot be tried one after another. */
  referralChecksPerIp: RateLimitRule;
  /** A member's changes on /account (name, texts, phone codes, data downloads, deletion). */
  accountChangesPerMember: RateLimitRule;
  /** A member's wallet card downloads and Google save links (each signs a pass or a JWT). */
  walletPerMember: RateLimitRule;
  /** Apple Wallet device registrations per pass (each adds a push to every later change). */
  walletDevicesPerPass: RateLimitRule;
}

export interface AppConfig {
  supabaseUrl: string;
  anonKey: string;
  databaseUrl: string;
  /** Trust kiosks without enrolment (local stack); off unless DEMO_MODE says otherwise. */
  demoMode: boolean;
  /** Origins allowed to call the API from a browser (CORS). */
  allowedOrigins: string[];
  /**
   * The one request header that carries the client's address, set by the deployment's proxy
   * (hosted Supabase: Cloudflare's cf-connecting-ip). x-forwarded-for means its right-most entry.
   */
  clientIpHeader: string;
  rateLimits: RateLimits;
  /**
   * Secrets of Supabase Auth's Send SMS hook (SEND_SMS_HOOK_SECRETS, "v1,whsec_…", several
   * separated by "|" as GoTrue takes them): POST /api/hooks/send-sms accepts calls signed with one.
   */
  sendSmsHookSecrets: string[];
  /** The SMS provider the hook sends through (TWILIO_*); none: the hook cannot send. */
  twilio?: { accountSid: string; authToken: string; sender: string };
  /** TWILIO_AUTH_TOKEN alone: Twilio's webhooks are checked with it (even without a sender). */
  twilioAuthToken?: string;
  /** TEXTS_DRAIN_SECRET: the x-drain-secret header of POST /api/hooks/texts/drain; none: refused. */
  textsDrainSecret?: string;
  /**
   * The public base of the function's URLs as Twilio calls them (PUBLIC_FUNCTIONS_URL, default
   * SUPABASE_URL + /functions/v1): Twilio's signatures cover the full URL.
   */
  publicFunctionsUrl: string;
  /**
   * Apple Wallet and Google Wallet (APPLE_*, GOOGLE_WALLET_*; docs/WALLET.md): a provider is
   * configured only when every one of its secrets is set; `missing` names the others.
   */
  wallet: WalletSettings;
}

// "<requests>/<seconds>": at most that many requests per fixed window of that many seconds.
const Rule = z
  .string()
  .regex(/^\d{1,6}\/\d{1,6}$/, 'expected <requests>/<seconds>, e.g. 5/3600')
  .transform((value): RateLimitRule => {
    const [limit, windowSeconds] = value.split('/').map(Number) as [number, number];
    return { limit, windowSeconds };
  })
  .refine((rule) => rule.windowSeconds > 0, 'the window is at least one second');

const Flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', ''])
  .default('false')
  .transform((value) => ['true', '1', 'on'].includes(value));

const Env = z.object({
  SUPABASE_URL: z.url().transform((url) => url.replace(/\/+$/, '')),
  SUPABASE_ANON_KEY: z.string().min(1),
  SUPABASE_DB_URL: z.string().min(1),
  DEMO_MODE: Flag,
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean)),
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'expected one header name, e.g. cf-connecting-ip')
    .default('cf-connecting-ip')
    .transform((name) => name.toLowerCase()),
  SEND_SMS_HOOK_SECRETS: z
    .string()
    .default('')
    .transform((list) => list.split('|').map((secret) => secret.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^v1,whsec_[A-Za-z0-9+/=]{16,}$/, 'expected v1,whsec_<base64>'))),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** A Messaging Service SID (MG…) or the sending number. */
  TWILIO_SENDER: z.string().optional(),
  TEXTS_DRAIN_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  PUBLIC_FUNCTIONS_URL: z.url().transform((url) => url.replace(/\/+$/, '')).optional(),
  RATE_LIMIT_SEND_CODE_PER_IP: Rule.prefault('20/3600'),
  RATE_LIMIT_VERIFY_PER_PHONE: Rule.prefault('10/900'),
  RATE_LIMIT_CUSTOMERS_PER_CLIENT: Rule.prefault('30/3600'),
  RATE_LIMIT_ENROL_PER_KIOSK: Rule.prefault('10/3600'),
  RATE_LIMIT_CHECKINS_PER_KIOSK: Rule.prefault('120/3600'),
  RATE_LIMIT_SEARCHES_PER_CLERK: Rule.prefault('300/3600'),
  RATE_LIMIT_CONTACT_PER_IP: Rule.prefault('5/3600'),
  RATE_LIMIT_REFERRAL_CHECKS_PER_IP: Rule.prefault('30/3600'),
  RATE_LIMIT_ACCOUNT_CHANGES_PER_MEMBER: Rule.prefault('30/3600'),
  RATE_LIMIT_WALLET_PER_MEMBER: Rule.prefault('20/3600'),
  RATE_LIMIT_WALLET_DEVICES_PER_PASS: Rule.prefault('10/86400'),
});

/** Parses the settings; throws naming every missing or malformed variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid api configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const publicFunctionsUrl = e.PUBLIC_FUNCTIONS_URL ?? `${e.SUPABASE_URL}/functions/v1`;
  return {
    supabaseUrl: e.SUPABASE_URL,
    anonKey: e.SUPABASE_ANON_KEY,
    databaseUrl: e.SUPABASE_DB_URL,
    demoMode: e.DEMO_MODE,
    allowedOrigins: e.ALLOWED_ORIGINS,
    clientIpHeader: e.CLIENT_IP_HEADER,
    rateLimits: {
      sendCodePerIp: e.RATE_LIMIT_SEND_CODE_PER_IP,
      verifyPerPhone: e.RATE_LIMIT_VERIFY_PER_PHONE,
      customersPerClient: e.RATE_LIMIT_CUSTOMERS_PER_CLIENT,
      enrolPerKiosk: e.RATE_LIMIT_ENROL_PER_KIOSK,
      checkinsPerKiosk: e.RATE_LIMIT_CHECKINS_PER_KIOSK,
      searchesPerClerk: e.RATE_LIMIT_SEARCHES_PER_CLERK,
      contactPerIp: e.RATE_LIMIT_CONTACT_PER_IP,
      referralChecksPerIp: e.RATE_LIMIT_REFERRAL_CHECKS_PER_IP,
      accountChangesPerMember: e.RATE_LIMIT_ACCOUNT_CHANGES_PER_MEMBER,
      walletPerMember: e.RATE_LIMIT_WALLET_PER_MEMBER,
      walletDevicesPerPass: e.RATE_LIMIT_WALLET_DEVICES_PER_PASS,
    },
    sendSmsHookSecrets: e.SEND_SMS_HOOK_SECRETS,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_SENDER
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, sender: e.TWILIO_SENDER }
        : undefined,
    twilioAuthToken: e.TWILIO_AUTH_TOKEN || undefined,
    textsDrainSecret: e.TEXTS_DRAIN_SECRET,
    publicFunctionsUrl,
    wallet: walletSettings(env, publicFunctionsUrl, e.ALLOWED_ORIGINS),
  };
}
