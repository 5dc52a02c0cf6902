// The per-request context every route reads: dependencies and the (verified) caller.
import type { TokenVerifier } from './auth.ts';
import type { Caller } from './caller.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db.ts';
import type { AuthGateway } from './gotrue.ts';
import type { SmsSender } from './hooks/sms-sender.ts';

export type { AppConfig };

export interface AppDeps {
  db: Db;
  config: AppConfig;
  /** Supabase Auth over HTTP; built from config when not given. */
  auth?: AuthGateway;
  /** Access-token verification; JWKS of config.supabaseUrl when not given. */
  verifier?: TokenVerifier;
  /** Where the Send SMS hook sends codes; Twilio from config, else none. */
  sms?: SmsSender;
}

export interface AppEnv {
  Variables: Required<Omit<AppDeps, 'sms'>> & { caller: Caller; requestId: string };
}
