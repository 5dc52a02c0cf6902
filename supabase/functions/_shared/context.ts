// The per-request context every route reads: dependencies and the (verified) caller.
import type { Db, Caller } from './db.ts';

export interface AppConfig {
  /** Trust kiosks without enrolment (local stack); off unless DEMO_MODE says otherwise. */
  demoMode: boolean;
  /** Origins allowed to call the API from a browser (CORS). */
  allowedOrigins: string[];
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
}

export interface AppEnv {
  Variables: AppDeps & { caller: Caller; requestId: string };
}
