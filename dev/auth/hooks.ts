// Supabase Auth's hooks in the stand-in, with GoTrue's payloads and rules (supabase/auth
// internal/hooks/v0hooks, v0http, v0pgfunc; docs guides/auth/auth-hooks), so that local
// behaviour is hosted behaviour:
// - Send SMS ([auth.hook.send_sms], an HTTP hook): replaces the SMS provider. Called for a code
//   Auth really sends (after max_frequency and sms_sent, never for a test number) with
//   {metadata, user, sms: {otp, phone}}, signed per Standard Webhooks. A 200/202/204 answer is
//   read: {"error": {"http_code", "message"}} refuses (Auth answers that status and message and
//   keeps no code); other statuses are a failed hook (500; 429/503 with Retry-After are retried).
// - Custom Access Token ([auth.hook.custom_access_token], here a Postgres hook
//   "pg-functions://postgres/<schema>/<function>", run as supabase_auth_admin): before every
//   access token, {metadata, user_id, claims, authentication_method} → {claims} or {error}; an
//   error refuses the token (GoTrue rolls the sign-in back, so a code is not used up).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db.ts';
import type { HookSettings } from '../config.ts';
import { signWebhook } from '../../supabase/functions/_shared/hooks/webhook-signature.ts';
import { AuthError } from './errors.ts';
import { userJson, type ClaimsHook } from './tokens.ts';
import type { UserRow } from './store.ts';

const HOOK_TIMEOUT_MS = 5_000;

const metadata = (name: string, ip: string) => ({
  uuid: randomUUID(),
  time: new Date().toISOString(),
  name,
  ip_address: ip,
});

/** A hook's {"error": {...}} as the error GoTrue answers (checkError in v0hooks/manager.go). */
function hookError(output: unknown): AuthError | undefined {
  const error = (output as { error?: { http_code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const status = Number(error.http_code) || 500;
  const valid = status >= 400 && status <= 599 ? status : 500;
  // The status and message are the hook's; the code string is the stand-in's.
  return new AuthError(valid as AuthError['status'], 'unexpected_failure', String(error.message ?? 'Hook failed'));
}

/** POSTs a signed hook payload; answers its JSON output (GoTrue's v0http dispatcher, without retries). */
async function callHttpHook(hook: HookSettings, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload);
  const secret = hook.secrets[0];
  if (!secret) throw new AuthError(500, 'unexpected_failure', 'The hook has no secret ([auth.hook.*] secrets)');
  let response: Response;
  try {
    response = await fetch(hook.uri, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await signWebhook(secret, randomUUID(), body)) },
      body,
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
  } catch {
    throw new AuthError(422, 'hook_timeout_after_retry', 'Failed to reach hook after maximum retries');
  }
  if (response.status === 204) return null;
  if (response.status === 200 || response.status === 202) {
    if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) {
      throw new AuthError(400, 'hook_payload_invalid_content_type', 'Invalid JSON response from hook');
    }
    return response.json();
  }
  throw new AuthError(
    500,
    'unexpected_failure',
    response.status === 401 ? 'Hook requires authorization token' : `Unexpected status code returned from hook: ${response.status}`,
  );
}

/** The Send SMS hook: throws the hook's refusal, or a failed hook, as Auth answers it. */
export async function runSendSmsHook(hook: HookSettings, user: UserRow, phone: string, otp: string, ip: string): Promise<void> {
  const output = await callHttpHook(hook, {
    metadata: metadata('send-sms', ip),
    user: userJson(user),
    sms: { otp, phone },
  });
  const refused = hookError(output);
  if (refused) throw refused;
}

const PG_FUNCTION = /^pg-functions:\/\/[^/]+\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/;

/** The Custom Access Token hook as a function from claims to claims (or a refusal). */
export function customAccessTokenHook(sql: Sql, hook: HookSettings): ClaimsHook {
  const match = PG_FUNCTION.exec(hook.uri);
  if (!match) throw new Error(`[auth.hook.custom_access_token] uri must be pg-functions://postgres/<schema>/<function>: ${hook.uri}`);
  const [, schema, fn] = match;
  return async ({ userId, claims, authenticationMethod, ip = 'local' }) => {
    const event = { metadata: metadata('customize-access-token', ip), user_id: userId, claims, authentication_method: authenticationMethod };
    const output = await sql.begin(async (tx) => {
      // GoTrue runs the hook as its own role, with a statement timeout (2 s by default).
      await tx`set local role supabase_auth_admin`;
      await tx`set local statement_timeout = 2000`;
      const [row] = await tx.unsafe<{ output: unknown }[]>(`select "${schema}"."${fn}"($1::text::jsonb) as output`, [JSON.stringify(event)]);
      return typeof row?.output === 'string' ? (JSON.parse(row.output) as unknown) : row?.output;
    });
    const refused = hookError(output);
    if (refused) throw refused;
    const out = (output as { claims?: unknown } | null)?.claims;
    if (!out || typeof out !== 'object' || Array.isArray(out)) {
      throw new AuthError(500, 'unexpected_failure', 'output claims field is missing');
    }
    return out as Record<string, unknown>;
  };
}
