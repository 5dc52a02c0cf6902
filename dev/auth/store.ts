// Persistence of the auth stand-in: auth.users, auth.sessions, auth.refresh_tokens (as GoTrue
// keeps them) and the dev-only SMS codes, outbox and rate-limit counters (schema auth_dev).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from '../db.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export function createStore(sql: Sql) {
  return {
    async userByPhone(phone: string) {
      const [user] = await sql<UserRow[]>`select * from auth.users where phone = ${phone}`;
      return user;
    },
    async userById(id: string) {
      const [user] = await sql<UserRow[]>`select * from auth.users where id = ${id}`;
      return user;
    },
    async createUser(fields: { phone?: string; anonymous: boolean; userMetadata?: Record<string, unknown> }) {
      const appMetadata = fields.anonymous ? {} : { provider: 'phone', providers: ['phone'] };
      const [user] = await sql<UserRow[]>`
        insert into auth.users (id, aud, role, phone, raw_app_meta_data, raw_user_meta_data, is_anonymous)
        values (${randomUUID()}, 'authenticated', 'authenticated', ${fields.phone ?? null},
                ${sql.json(appMetadata)}, ${sql.json((fields.userMetadata ?? {}) as never)}, ${fields.anonymous})
        returning *`;
      return user!;
    },
    async markSignedIn(userId: string, confirmPhone: boolean) {
      const [user] = await sql<UserRow[]>`
        update auth.users
           set last_sign_in_at = now(), updated_at = now(),
               phone_confirmed_at = case when ${confirmPhone} then coalesce(phone_confirmed_at, now()) else phone_confirmed_at end,
               confirmed_at = case when ${confirmPhone} then coalesce(confirmed_at, now()) else confirmed_at end
         where id = ${userId}
        returning *`;
      return user!;
    },

    async lastCodeSentAt(phone: string) {
      const [row] = await sql<{ sent_at: Date }[]>`select sent_at from auth_dev.sms_codes where phone = ${phone}`;
      return row?.sent_at;
    },
    async saveCode(phone: string, code: string, expiresInSeconds: number) {
      await sql`
        insert into auth_dev.sms_codes (phone, code_hash, sent_at, expires_at)
        values (${phone}, ${hashCode(code)}, now(), now() + make_interval(secs => ${expiresInSeconds}))
        on conflict (phone) do update
          set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at`;
    },
    /** Consumes the phone's pending code when `code` matches and has not expired. */
    async consumeCode(phone: string, code: string) {
      const rows = await sql`
        delete from auth_dev.sms_codes
         where phone = ${phone} and code_hash = ${hashCode(code)} and expires_at > now()
        returning phone`;
      return rows.length === 1;
    },
    async recordSms(phone: string, code: string, body: string) {
      await sql`insert into auth_dev.sms_outbox (phone, code, body) values (${phone}, ${code}, ${body})`;
    },
    async smsFor(phone: string) {
      return sql<{ phone: string; code: string; body: string; sentAt: Date }[]>`
        select phone, code, body, sent_at as "sentAt" from auth_dev.sms_outbox where phone = ${phone} order by id`;
    },

    /** Counts one hit in a fixed window; true when the limit is exceeded. */
    async overLimit(bucket: string, limit: number, windowSeconds: number) {
      const [row] = await sql<{ hits: number }[]>`
        insert into auth_dev.rate_limits as r (bucket, window_start, hits)
        values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        on conflict (bucket, window_start) do update set hits = r.hits + 1
        returning hits`;
      return row!.hits > limit;
    },

    async createSession(userId: string) {
      const [session] = await sql<{ id: string }[]>`
        insert into auth.sessions (id, user_id) values (${randomUUID()}, ${userId}) returning id`;
      return session!.id;
    },
    async sessionExists(sessionId: string) {
      const rows = await sql`select 1 from auth.sessions where id = ${sessionId}`;
      return rows.length === 1;
    },
    async issueRefreshToken(userId: string, sessionId: string, parent: string | null) {
      const token = randomBytes(24).toString('base64url');
      await sql`insert into auth.refresh_tokens (token, user_id, session_id, parent)
                values (${token}, ${userId}, ${sessionId}, ${parent})`;
      return token;
    },
    /** Revokes a refresh token for rotation (atomically); tells why when it cannot be used. */
    async rotateRefreshToken(token: string) {
      const [row] = await sql<{ user_id: string; session_id: string }[]>`
        update auth.refresh_tokens set revoked = true, updated_at = now()
         where token = ${token} and not revoked and session_id is not null
        returning user_id, session_id`;
      if (row) return { outcome: 'ok' as const, userId: row.user_id, sessionId: row.session_id };
      const known = await sql`select 1 from auth.refresh_tokens where token = ${token} and session_id is not null`;
      return { outcome: known.length ? ('already_used' as const) : ('not_found' as const) };
    },
    async endSessions(userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
      if (scope === 'local') await sql`delete from auth.sessions where id = ${sessionId}`;
      else if (scope === 'others') await sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
      else await sql`delete from auth.sessions where user_id = ${userId}`;
    },
  };
}

export type AuthStore = ReturnType<typeof createStore>;
