// What GoTrue hands out: ES256 access tokens with its claims, the session response
// (access + refresh token + user) and the user object in its JSON shape.
import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { jwks, signJwt, type SigningKeys } from '../keys.ts';
import type { Amr } from './sessions.ts';
import type { UserRow } from './store.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : undefined);

// A stable id for the phone identity derived from the user (the stand-in keeps no identities table).
function identityId(userId: string): string {
  const hex = createHash('sha256').update(`phone:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The user as GoTrue's JSON has it (timestamps left out while unset, as its omitempty does). */
export function userJson(user: UserRow) {
  const identities = user.phone
    ? [
        {
          identity_id: identityId(user.id),
          id: user.id,
          user_id: user.id,
          identity_data: {
            sub: user.id,
            phone: user.phone,
            email_verified: false,
            phone_verified: user.phone_confirmed_at !== null,
          },
          provider: 'phone',
          last_sign_in_at: iso(user.last_sign_in_at),
          created_at: iso(user.created_at),
          updated_at: iso(user.updated_at),
        },
      ]
    : [];
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    ...(user.phone_change ? { new_phone: user.phone_change } : {}),
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

/** The Custom Access Token hook as the issuer calls it (hooks.ts makes one): claims in, claims out or a refusal. */
export type ClaimsHook = (input: {
  userId: string;
  claims: Record<string, unknown>;
  authenticationMethod: string;
  ip?: string;
}) => Promise<Record<string, unknown>>;

export interface AccessTokenClaims {
  sub: string;
  session_id?: string;
}

export function createTokenIssuer(options: {
  keys: SigningKeys;
  issuer: string;
  expirySeconds: number;
  /** [auth.hook.custom_access_token]: may change the claims, or refuse the token. */
  customizeClaims?: ClaimsHook;
}) {
  const { keys, issuer, expirySeconds, customizeClaims } = options;
  const localKeys = createLocalJWKSet(jwks(keys));
  return {
    /**
     * The session response of /verify, /signup and /token. `method` is the hook's
     * authentication_method: otp, password, anonymous, token_refresh.
     */
    async session(user: UserRow, sessionId: string, refreshToken: string, amr: Amr[], method: string) {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: issuer,
        sub: user.id,
        aud: user.aud,
        exp: now + expirySeconds,
        iat: now,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: user.role,
        aal: 'aal1',
        // GoTrue leaves out an empty amr (sessions made before the stand-in recorded it).
        ...(amr.length ? { amr } : {}),
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      };
      const accessToken = await signJwt(
        keys,
        customizeClaims
          ? await customizeClaims({ userId: user.id, claims, authenticationMethod: method })
          : claims,
      );
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: expirySeconds,
        expires_at: now + expirySeconds,
        refresh_token: refreshToken,
        user: userJson(user),
      };
    },
    /** Checks signature and expiry only, as GoTrue does for its own tokens. */
    async verify(accessToken: string): Promise<AccessTokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(accessToken, localKeys, { algorithms: ['ES256'] });
        if (typeof payload.sub !== 'string' || !payload.sub) return undefined;
        const sessionId = typeof payload.session_id === 'string' ? payload.session_id : undefined;
        return { sub: payload.sub, session_id: sessionId };
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
