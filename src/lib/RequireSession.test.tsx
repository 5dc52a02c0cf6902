// The route guard: a signed-out member gets the sign-in prompt; each kind admits only its claims.
import type { Session } from '@supabase/supabase-js';
import { act, render, screen } from '@testing-library/react';

type Listener = (event: string, session: Session | null) => void;
const auth = vi.hoisted(() => ({
  listener: null as ((event: string, session: unknown) => void) | null,
}));
vi.mock('./supabase.ts', () => ({
  supabase: {
    auth: {
      onAuthStateChange: (listener: Listener) => {
        auth.listener = listener as typeof auth.listener;
        return { data: { subscription: { unsubscribe: () => {} } } };
      },
    },
  },
}));

const { RequireSession } = await import('./RequireSession.tsx');

function sessionOf(user: {
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
}): Session {
  return {
    access_token: 'a',
    refresh_token: 'r',
    token_type: 'bearer',
    expires_in: 3600,
    user: {
      id: 'u1',
      aud: 'authenticated',
      created_at: '',
      app_metadata: {},
      user_metadata: {},
      ...user,
    },
  } as Session;
}

function guard(kind: 'member' | 'kiosk' | 'staff' | 'admin') {
  return render(
    <RequireSession
      kind={kind}
      fallback={<p>Please sign in to view your account</p>}
      forbidden={<p>Not authorised</p>}
    >
      <p>Secret screen</p>
    </RequireSession>,
  );
}

describe('RequireSession', () => {
  it('shows a loading status until the stored session is read, then the prompt to a signed-out member', () => {
    guard('member');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    act(() => auth.listener!('INITIAL_SESSION', null));
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
    expect(screen.queryByText('Secret screen')).not.toBeInTheDocument();
  });

  it('shows the screen to a signed-in member, and the prompt again after sign-out', () => {
    guard('member');
    act(() => auth.listener!('SIGNED_IN', sessionOf({})));
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    act(() => auth.listener!('SIGNED_OUT', null));
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
  });

  it('keeps a kiosk (anonymous) session out of member screens and lets it into kiosk screens', () => {
    act(() => auth.listener!('SIGNED_IN', sessionOf({ is_anonymous: true })));
    const member = guard('member');
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
    member.unmount();
    guard('kiosk');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('shows "not authorised" to a member on an admin screen, and admits an admin to admin and staff screens', () => {
    act(() => auth.listener!('SIGNED_IN', sessionOf({})));
    const admin = guard('admin');
    expect(screen.getByText('Not authorised')).toBeInTheDocument();
    admin.unmount();
    act(() => auth.listener!('TOKEN_REFRESHED', sessionOf({ app_metadata: { role: 'admin' } })));
    const again = guard('admin');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    again.unmount();
    guard('staff');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('admits staff to the staff counter but not to the admin dashboard', () => {
    act(() =>
      auth.listener!(
        'SIGNED_IN',
        sessionOf({ app_metadata: { role: 'staff', location_id: 'creamery' } }),
      ),
    );
    const staff = guard('staff');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    staff.unmount();
    guard('admin');
    expect(screen.getByText('Not authorised')).toBeInTheDocument();
  });
});
