// Who is calling: the caller of a request, derived from verified access-token claims only.
import { ApiError } from './errors.ts';

export type CallerKind = 'anon' | 'kiosk' | 'member' | 'staff' | 'owner' | 'admin';

export interface Caller {
  kind: CallerKind;
  /** The database role the request runs as (set local role). */
  role: 'anon' | 'authenticated';
  /** The verified access-token claims; `{ role: 'anon' }` for callers without a session. */
  claims: Record<string, unknown>;
  userId?: string;
  /** The Auth session the token belongs to; a revoked session makes the token useless. */
  sessionId?: string;
  accessToken?: string;
}

export const ANON: Caller = { kind: 'anon', role: 'anon', claims: { role: 'anon' } };

/**
 * The caller for verified claims of an authenticated user. A kiosk is an anonymous Auth user
 *; staff, business owners and admins carry their role in app_metadata,
 * which users cannot edit.
 */
export function callerFromClaims(claims: Record<string, unknown>, accessToken: string): Caller {
  const appMetadata = (claims.app_metadata ?? {}) as Record<string, unknown>;
  const kind: CallerKind =
    claims.is_anonymous === true
      ? 'kiosk'
      : appMetadata.role === 'admin'
        ? 'admin'
        : appMetadata.role === 'staff'
          ? 'staff'
          : appMetadata.role === 'owner'
            ? 'owner'
            : 'member';
  return {
    kind,
    role: 'authenticated',
    claims,
    userId: claims.sub as string,
    sessionId: claims.session_id as string,
    accessToken,
  };
}

/** `caller` when it is one of `kinds`; otherwise 401 for nobody signed in, 403 for the wrong role. */
export function requireRole(caller: Caller, kinds: readonly CallerKind[]): Caller {
  if (kinds.includes(caller.kind)) return caller;
  if (caller.kind === 'anon') throw new ApiError(401, 'unauthorized', 'Sign in first');
  throw new ApiError(403, 'forbidden', `This is for ${kinds.join(' / ')} callers only`);
}

/** The business in an owner's app_metadata (location_id), if the token names one. */
export function ownerLocationId(caller: Caller): string | undefined {
  const own = ((caller.claims.app_metadata ?? {}) as Record<string, unknown>).location_id;
  return typeof own === 'string' ? own : undefined;
}

/**
 * A business owner acts only for their own business: 403 when an owner names
 * another business, or none (every business). Other callers pass; the SQL function checks again.
 */
export function requireOwnBusiness(caller: Caller, locationId: string | undefined | null): void {
  if (caller.kind !== 'owner') return;
  if (!locationId || locationId !== ownerLocationId(caller)) {
    throw new ApiError(403, 'forbidden', 'An owner sees only their own business');
  }
}
