// The route guard: a signed-out member gets the sign-in prompt; each kind admits only its claims.
import { act, render, screen } from '@testing-library/react';
import { fakeAuth, fakeSupabaseModule, sessionFor } from '@/test/fake-api.ts';
import { RequireSession } from './RequireSession.tsx';

vi.mock('./supabase.ts', () => fakeSupabaseModule());

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
    act(() => fakeAuth.emit('INITIAL_SESSION', null));
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
    expect(screen.queryByText('Secret screen')).not.toBeInTheDocument();
  });

  it('shows the screen to a signed-in member, and the prompt again after sign-out', () => {
    guard('member');
    act(() => fakeAuth.emit('SIGNED_IN', sessionFor({})));
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    act(() => fakeAuth.emit('SIGNED_OUT', null));
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
  });

  it('keeps a kiosk (anonymous) session out of member screens and lets it into kiosk screens', () => {
    act(() => fakeAuth.emit('SIGNED_IN', sessionFor({ is_anonymous: true })));
    const member = guard('member');
    expect(screen.getByText('Please sign in to view your account')).toBeInTheDocument();
    member.unmount();
    guard('kiosk');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('shows "not authorised" to a member on an admin screen, and admits an admin to admin and staff screens', () => {
    act(() => fakeAuth.emit('SIGNED_IN', sessionFor({})));
    const admin = guard('admin');
    expect(screen.getByText('Not authorised')).toBeInTheDocument();
    admin.unmount();
    act(() => fakeAuth.emit('TOKEN_REFRESHED', sessionFor({ app_metadata: { role: 'admin' } })));
    const again = guard('admin');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    again.unmount();
    guard('staff');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
  });

  it('admits staff to the staff counter but not to the admin dashboard', () => {
    act(() =>
      fakeAuth.emit(
        'SIGNED_IN',
        sessionFor({ app_metadata: { role: 'staff', location_id: 'creamery' } }),
      ),
    );
    const staff = guard('staff');
    expect(screen.getByText('Secret screen')).toBeInTheDocument();
    staff.unmount();
    guard('admin');
    expect(screen.getByText('Not authorised')).toBeInTheDocument();
  });
});
