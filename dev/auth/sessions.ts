// Sessions and refresh tokens as GoTrue keeps them (auth.sessions, auth.refresh_tokens,
// auth.mfa_amr_claims), with its rotation rules: a used token is refused, except a retry of the
// active token's parent or within refresh_token_reuse_interval; refusing it revokes the session.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from '../db.ts';

export type SignInMethod = 'otp' | 'anonymous' | 'password';

export interface Amr {
  method: string;
  timestamp: number;
}

export type RefreshOutcome =
  | { outcome: 'ok'; userId: string; sessionId: string; refreshToken: string }
  | { outcome: 'not_found' | 'already_used' };

interface TokenRow {
  id: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  reuse_expired: boolean;
}

// GoTrue's v1 refresh tokens are short random strings; 128 bits here.
const newToken = () => randomBytes(16).toString('base64url');

export function createSessionStore(sql: Sql) {
  return {
    /** A new session with its first refresh token, remembering how the user signed in. */
    async create(
      userId: string,
      method: SignInMethod,
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const sessionId = randomUUID();
      const refreshToken = newToken();
      await sql.begin(async (tx) => {
        await tx`insert into auth.sessions (id, user_id) values (${sessionId}, ${userId})`;
        await tx`insert into auth.mfa_amr_claims (id, session_id, authentication_method)
                 values (${randomUUID()}, ${sessionId}, ${method})`;
        await tx`insert into auth.refresh_tokens (token, user_id, session_id)
                 values (${refreshToken}, ${userId}, ${sessionId})`;
      });
      return { sessionId, refreshToken };
    },

    async exists(sessionId: string): Promise<boolean> {
      const rows = await sql`select 1 from auth.sessions where id = ${sessionId}`;
      return rows.length === 1;
    },

    /** The session's sign-in methods and times: the access token's `amr` claim. */
    async amr(sessionId: string): Promise<Amr[]> {
      const rows = await sql<{ method: string; at: number }[]>`
        select authentication_method as method, extract(epoch from created_at)::bigint::int as at
          from auth.mfa_amr_claims where session_id = ${sessionId} order by created_at desc`;
      return rows.map((row) => ({ method: row.method, timestamp: row.at }));
    },

    async refresh(
      token: string,
      rules: { rotation: boolean; reuseIntervalSeconds: number },
    ): Promise<RefreshOutcome> {
      return sql.begin(async (tx): Promise<RefreshOutcome> => {
        const [row] = await tx<TokenRow[]>`
          select rt.id, rt.user_id, rt.session_id, rt.revoked,
                 now() > rt.updated_at + make_interval(secs => ${rules.reuseIntervalSeconds}) as reuse_expired
            from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
           where rt.token = ${token}
             for update of rt`;
        if (!row) return { outcome: 'not_found' };
        const done = (refreshToken: string) =>
          ({
            outcome: 'ok',
            userId: row.user_id,
            sessionId: row.session_id,
            refreshToken,
          }) as const;
        if (row.revoked) {
          const [active] = await tx<{ token: string; parent: string | null }[]>`
            select token, parent from auth.refresh_tokens
             where session_id = ${row.session_id} and not revoked order by id desc limit 1`;
          // The client lost the answer to its refresh and retries: hand it the same new token.
          if (active && active.parent === token) return done(active.token);
          if (row.reuse_expired) {
            // A stolen token replayed: end the whole token family (the commit keeps this).
            if (rules.rotation) {
              await tx`update auth.refresh_tokens set revoked = true, updated_at = now()
                        where session_id = ${row.session_id} and not revoked`;
            }
            return { outcome: 'already_used' };
          }
        }
        const refreshToken = newToken();
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${row.id} and not revoked`;
        await tx`insert into auth.refresh_tokens (token, user_id, session_id, parent)
                 values (${refreshToken}, ${row.user_id}, ${row.session_id}, ${token})`;
        await tx`update auth.sessions set updated_at = now() where id = ${row.session_id}`;
        return done(refreshToken);
      });
    },

    /** Sign-out: the session's rows go (refresh tokens and amr claims with them). */
    async end(
      userId: string,
      sessionId: string | undefined,
      scope: 'global' | 'local' | 'others',
    ): Promise<void> {
      if (scope === 'local' && sessionId)
        await sql`delete from auth.sessions where id = ${sessionId}`;
      else if (scope === 'others' && sessionId) {
        await sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
      } else await sql`delete from auth.sessions where user_id = ${userId}`;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
