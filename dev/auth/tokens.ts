// Sessions as GoTrue issues them: an ES256 access token with GoTrue's claims, a rotating
// refresh token, and the user object in GoTrue's shape.
import { jwtVerify, createLocalJWKSet } from 'jose';
import { jwks, signJwt, type SigningKeys } from '../keys.ts';
import type { AuthStore, UserRow } from './store.ts';

export function userJson(user: UserRow) {
  const iso = (value: Date | null) => (value ? value.toISOString() : undefined);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export interface SessionIssuer {
  issue(user: UserRow, sessionId?: string, parent?: string): Promise<object>;
  verify(accessToken: string): Promise<{ sub: string; session_id: string } | undefined>;
}

export function createSessionIssuer(options: {
  keys: SigningKeys;
  issuer: string;
  expirySeconds: number;
  store: AuthStore;
}): SessionIssuer {
  const { keys, issuer, expirySeconds, store } = options;
  const localKeys = createLocalJWKSet(jwks(keys));
  return {
    async issue(user, existingSessionId, parent) {
      const sessionId = existingSessionId ?? (await store.createSession(user.id));
      const now = Math.floor(Date.now() / 1000);
      const accessToken = await signJwt(keys, {
        iss: issuer,
        sub: user.id,
        aud: 'authenticated',
        exp: now + expirySeconds,
        iat: now,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: user.is_anonymous ? 'anonymous' : 'otp', timestamp: now }],
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      });
      const refreshToken = await store.issueRefreshToken(user.id, sessionId, parent ?? null);
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: expirySeconds,
        expires_at: now + expirySeconds,
        refresh_token: refreshToken,
        user: userJson(user),
      };
    },
    async verify(accessToken) {
      try {
        const { payload } = await jwtVerify(accessToken, localKeys, { issuer, audience: 'authenticated' });
        if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return undefined;
        return { sub: payload.sub, session_id: payload.session_id };
      } catch {
        return undefined;
      }
    },
  };
}
