// The route guard: renders its screen only for a session of the given kind; otherwise the
// sign-in prompt the screen passes (PRODUCT §2: "Please sign in to view your account", …).
import type { ReactNode } from 'react';
import { hasKind, useSession, type SessionKind } from './session.ts';

export function RequireSession(props: {
  kind: SessionKind;
  /** Shown when nobody (or a session of another kind) is signed in. */
  fallback: ReactNode;
  /** Shown to a signed-in user without the claim; defaults to `fallback`. */
  forbidden?: ReactNode;
  /** Shown while the stored session is read. */
  loading?: ReactNode;
  children: ReactNode;
}) {
  const { status, claims } = useSession();
  if (status === 'loading') {
    return (
      props.loading ?? (
        <p role="status" aria-busy="true" className="px-4 py-16 text-center text-bark-700">
          Loading…
        </p>
      )
    );
  }
  if (hasKind(claims, props.kind)) return <>{props.children}</>;
  if (claims && !claims.isKiosk && props.forbidden !== undefined) return <>{props.forbidden}</>;
  return <>{props.fallback}</>;
}
