// Users of the auth stand-in in auth.users (as GoTrue keeps them), and its dev-only state in
// schema auth_dev: pending SMS codes (hashed), the outbox of sent messages, rate-limit counters.
import { createHash, randomUUID } from 'node:crypto';
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
  /** A phone change waiting for the code sent to the new phone (GoTrue's phone_change). */
  phone_change?: string | null;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SmsMessage {
  phone: string;
  code: string;
  body: string;
  sentAt: Date;
}

type Json = Record<string, unknown>;

// GoTrue hashes a phone code together with the phone (crypto.GenerateTokenHash).
const hashCode = (phone: string, code: string) =>
  createHash('sha224')
    .update(phone + code)
    .digest('hex');

export function createStore(sql: Sql) {
  const json = (value: Json) => sql.json(value as Parameters<typeof sql.json>[0]);

  return {
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      const [user] = await sql<UserRow[]>`select * from auth.users where phone = ${phone}`;
      return user;
    },
    async userById(id: string): Promise<UserRow | undefined> {
      const [user] = await sql<UserRow[]>`select * from auth.users where id = ${id}`;
      return user;
    },
    /** A phone user as GoTrue signs one up; `confirmed` when SMS autoconfirm is on. */
    async createPhoneUser(phone: string, userMetadata: Json, confirmed: boolean): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        insert into auth.users (id, aud, role, phone, phone_confirmed_at, confirmed_at,
                                raw_app_meta_data, raw_user_meta_data, is_anonymous)
        values (${randomUUID()}, 'authenticated', 'authenticated', ${phone},
                case when ${confirmed} then now() end, case when ${confirmed} then now() end,
                ${json({ provider: 'phone', providers: ['phone'] })}, ${json(userMetadata)}, false)
        returning *`;
      return user!;
    },
    /** A phone + password sign-up (POST /signup); `confirmed` when SMS autoconfirm is on. */
    async createPasswordUser(phone: string, passwordHash: string, userMetadata: Json, confirmed: boolean): Promise<UserRow> {
      const user = await this.createPhoneUser(phone, userMetadata, confirmed);
      await sql`update auth.users set encrypted_password = ${passwordHash} where id = ${user.id}`;
      return user;
    },
    async passwordHash(userId: string): Promise<string | undefined> {
      const [row] = await sql<{ encrypted_password: string | null }[]>`
        select encrypted_password from auth.users where id = ${userId}`;
      return row?.encrypted_password ?? undefined;
    },
    async createAnonymousUser(userMetadata: Json): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        insert into auth.users (id, aud, role, raw_app_meta_data, raw_user_meta_data, is_anonymous)
        values (${randomUUID()}, 'authenticated', 'authenticated', '{}', ${json(userMetadata)}, true)
        returning *`;
      return user!;
    },
    /**
     * A sign-in by phone code: confirms the phone and records `phone` among the providers in
     * app_metadata, keeping what is there (a role set by an admin); GoTrue does the same.
     */
    async signedInByPhone(userId: string): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        update auth.users
           set phone_confirmed_at = coalesce(phone_confirmed_at, now()),
               confirmed_at = coalesce(confirmed_at, now()),
               last_sign_in_at = now(), updated_at = now(),
               raw_app_meta_data = raw_app_meta_data || jsonb_build_object(
                 'provider', coalesce(raw_app_meta_data ->> 'provider', 'phone'),
                 'providers', (select jsonb_agg(distinct p order by p)
                                 from jsonb_array_elements_text(
                                   coalesce(raw_app_meta_data -> 'providers', '[]') || '["phone"]') as p))
         where id = ${userId}
        returning *`;
      return user!;
    },
    async signedIn(userId: string): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId} returning *`;
      return user!;
    },
    /** PUT /user {phone}: the new phone waits for its code (GoTrue's phone_change). */
    async startPhoneChange(userId: string, phone: string): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        update auth.users set phone_change = ${phone}, phone_change_sent_at = now(), updated_at = now()
         where id = ${userId} returning *`;
      return user!;
    },
    async userByPhoneChange(phone: string): Promise<UserRow | undefined> {
      const [user] = await sql<UserRow[]>`
        select * from auth.users where phone_change = ${phone} order by phone_change_sent_at desc limit 1`;
      return user;
    },
    /** The code sent to the new phone was verified: it becomes the user's (confirmed) phone. */
    async completePhoneChange(userId: string): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        update auth.users
           set phone = phone_change, phone_change = '', phone_change_sent_at = null,
               phone_confirmed_at = now(), last_sign_in_at = now(), updated_at = now()
         where id = ${userId} returning *`;
      return user!;
    },
    async setUserMetadata(userId: string, metadata: Json): Promise<UserRow> {
      const [user] = await sql<UserRow[]>`
        update auth.users set raw_user_meta_data = ${json(metadata)}, updated_at = now()
         where id = ${userId} returning *`;
      return user!;
    },

    /** Seconds since the phone's last code was sent (by the database clock), if one was. */
    async secondsSinceLastCode(phone: string): Promise<number | undefined> {
      const [row] = await sql<{ age: number }[]>`
        select extract(epoch from now() - sent_at)::float8 as age from auth_dev.sms_codes where phone = ${phone}`;
      return row?.age;
    },
    /** Keeps the phone's one pending code (a new code replaces the old one, as in GoTrue). */
    async saveCode(phone: string, code: string, expiresInSeconds: number): Promise<void> {
      await sql`
        insert into auth_dev.sms_codes (phone, code_hash, sent_at, expires_at)
        values (${phone}, ${hashCode(phone, code)}, now(), now() + make_interval(secs => ${expiresInSeconds}))
        on conflict (phone) do update
          set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at`;
    },
    /** Whether `code` is the phone's pending code and has not expired (nothing changes). */
    async codeMatches(phone: string, code: string): Promise<boolean> {
      const rows = await sql`
        select 1 from auth_dev.sms_codes
         where phone = ${phone} and code_hash = ${hashCode(phone, code)} and expires_at > now()`;
      return rows.length === 1;
    },
    /** Uses up the phone's pending code when `code` matches and has not expired. */
    async consumeCode(phone: string, code: string): Promise<boolean> {
      const rows = await sql`
        update auth_dev.sms_codes set code_hash = '', expires_at = now()
         where phone = ${phone} and code_hash = ${hashCode(phone, code)} and expires_at > now()
        returning phone`;
      return rows.length === 1;
    },
    async recordSms(phone: string, code: string, body: string): Promise<void> {
      await sql`insert into auth_dev.sms_outbox (phone, code, body) values (${phone}, ${code}, ${body})`;
    },
    /** The sign-in codes texted to a phone, oldest first. */
    async smsFor(phone: string): Promise<SmsMessage[]> {
      return sql<SmsMessage[]>`
        select phone, code, body, sent_at as "sentAt" from auth_dev.sms_outbox
         where phone = ${phone} and code <> '' order by id`;
    },
    /** The programme's texts (no code), to one phone or to everyone, oldest first. */
    async textsFor(phone: string | null): Promise<SmsMessage[]> {
      return sql<SmsMessage[]>`
        select phone, code, body, sent_at as "sentAt" from auth_dev.sms_outbox
         where code = '' and (${phone}::text is null or phone = ${phone}) order by id`;
    },

    /** Counts one hit in the current fixed window; true when that makes it more than `limit`. */
    async overLimit(bucket: string, limit: number, windowSeconds: number): Promise<boolean> {
      const [row] = await sql<{ hits: number }[]>`
        insert into auth_dev.rate_limits as r (bucket, window_start, hits)
        values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        on conflict (bucket, window_start) do update set hits = r.hits + 1
        returning hits`;
      return row!.hits > limit;
    },
  };
}

export type AuthStore = ReturnType<typeof createStore>;
