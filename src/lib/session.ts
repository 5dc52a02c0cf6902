// The browser session as React sees it: the Supabase session, its user and the role claims
//: an anonymous user is a kiosk; app_metadata.role says staff (with location_id) or
// admin; any other signed-in user is a member. One subscription to supabase-js serves every hook.
import type { Session, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { supabase } from './supabase.ts';

export type SessionKind = 'member' | 'kiosk' | 'staff' | 'owner' | 'admin';

export interface SessionClaims {
  /** An anonymous sign-in: a kiosk device. */
  isKiosk: boolean;
  /** app_metadata.role, which users cannot edit. */
  role: 'staff' | 'owner' | 'admin' | null;
  /** app_metadata.location_id of a staff member or a business owner. */
  locationId: string | null;
}

export interface SessionState {
  /** 'loading' until supabase-js has read the stored session (and refreshed it if needed). */
  status: 'loading' | 'ready';
  session: Session | null;
  user: User | null;
  claims: SessionClaims | null;
}

export function claimsOf(user: User): SessionClaims {
  const meta = (user.app_metadata ?? {}) as Record<string, unknown>;
  const role =
    meta.role === 'admin' || meta.role === 'staff' || meta.role === 'owner' ? meta.role : null;
  const locationId = typeof meta.location_id === 'string' ? meta.location_id : null;
  return { isKiosk: user.is_anonymous === true, role, locationId };
}

/** Whether these claims may open a screen for `kind`. Admins may use the staff counter too. */
export function hasKind(claims: SessionClaims | null, kind: SessionKind): boolean {
  if (!claims) return false;
  switch (kind) {
    case 'kiosk':
      return claims.isKiosk;
    case 'member':
      return !claims.isKiosk;
    case 'staff':
      // The counter: its clerks, an owner at their own business, and admins.
      return (
        !claims.isKiosk &&
        (claims.role === 'staff' ||
          claims.role === 'admin' ||
          (claims.role === 'owner' && claims.locationId !== null))
      );
    case 'owner':
      return !claims.isKiosk && claims.role === 'owner' && claims.locationId !== null;
    case 'admin':
      return !claims.isKiosk && claims.role === 'admin';
  }
}

let state: SessionState = { status: 'loading', session: null, user: null, claims: null };
const listeners = new Set<() => void>();
let started = false;

function publish(session: Session | null) {
  const user = session?.user ?? null;
  state = { status: 'ready', session, user, claims: user ? claimsOf(user) : null };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) {
    started = true;
    // INITIAL_SESSION arrives once the stored session is loaded; later events track sign-in,
    // sign-out and every token refresh.
    supabase.auth.onAuthStateChange((_event, session) => publish(session));
  }
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
