// The caller of each request, from its Bearer token verified against Supabase Auth's signing
// keys (never trusted unverified).
import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { ANON, callerFromClaims, type Caller } from './caller.ts';
import { ApiError } from './errors.ts';
import { unavailable, type AuthGateway } from './gotrue.ts';

export interface TokenVerifier {
  /** The token's claims when it is genuine and current; throws ApiError 401 (or 503 when Auth's keys cannot be fetched) otherwise. */
  verify(token: string): Promise<Record<string, unknown>>;
}

export const invalidSession = () => new ApiError(401, 'unauthorized', 'Your session is invalid or has expired; sign in again');
/** Verified tokens whose claims are kept (a few MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;
// jose's own words when the JWKS response is not a 200 or not JSON (a plain JOSEError).
const JWKS_FETCH_FAILED = /^(Expected 200 OK from|Failed to parse) the JSON Web Key Set HTTP response/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies access tokens with the project's published keys (JWKS, cached by jose), checking
 * issuer and audience. Projects still signing with a shared secret (HS256) publish no key,
 * so those tokens are checked by Auth itself (GET /user), as supabase-js getClaims does.
 */
export function createTokenVerifier(
  supabaseUrl: string,
  gateway: AuthGateway,
  options: { fetch?: typeof fetch; keepVerified?: boolean } = {},
): TokenVerifier {
  const issuer = `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
  const keys = createRemoteJWKSet(
    new URL(`${issuer}/.well-known/jwks.json`),
    options.fetch ? { [customFetch]: options.fetch } : {},
  );
  // A kiosk or member sends the same token with every request until it expires: its signature
  // is checked once and its claims kept (by the whole token, until its exp), a bounded few.
  // Revocation is unaffected: the database checks the session on every request.
  const verified = new Map<string, JWTPayload>();
  const remember = (token: string, payload: JWTPayload) => {
    if (typeof payload.exp !== 'number' || options.keepVerified === false) return;
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, payload);
  };
  return {
    async verify(token) {
      let algorithm: string | undefined;
      try {
        algorithm = decodeProtectedHeader(token).alg;
      } catch {
        throw invalidSession();
      }
      if (algorithm?.startsWith('HS')) {
        await gateway.getUser(token);
        return decodeJwt(token);
      }
      const known = verified.get(token);
      if (known && typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
      try {
        const { payload } = await jwtVerify(token, keys, { issuer, audience: 'authenticated' });
        remember(token, payload);
        return payload;
      } catch (error) {
        // The token may be fine: Auth's key set could not be fetched (unreachable, a 5xx, not JSON).
        if (!(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) throw unavailable();
        if (JWKS_FETCH_FAILED.test(error.message)) throw unavailable();
        throw invalidSession();
      }
    },
  };
}

/** The caller a token stands for: the anon key is nobody in particular; anything else must verify. */
export async function callerFromToken(token: string, anonKey: string, verifier: TokenVerifier): Promise<Caller> {
  if (token === anonKey || token.startsWith('sb_publishable_')) return ANON;
  const claims = await verifier.verify(token);
  if (claims.role === 'anon') return ANON;
  if (claims.role !== 'authenticated' || !UUID.test(String(claims.sub)) || !UUID.test(String(claims.session_id))) {
    throw invalidSession();
  }
  return callerFromClaims(claims, token);
}
