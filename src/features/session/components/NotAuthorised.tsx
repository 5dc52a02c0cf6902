// What a signed-in user without the needed claim sees on /admin or /staff: who they are, that this
// screen is not theirs, and a way to sign out (the guard then shows the sign-in again).
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { formatPhone } from '@/lib/phone.ts';
import { useSession } from '@/lib/session.ts';
import { useStaffSignOut } from '../api/staff-sign-out.ts';

export function NotAuthorised(props: { what: string }) {
  const { user } = useSession();
  const logout = useStaffSignOut();
  const phone = user?.phone ? formatPhone(user.phone.slice(-10)) : null;
  return (
    <main className="mx-auto grid min-h-svh max-w-md content-center px-4 py-10">
      <Card role="alert">
        <h1 className="font-display text-2xl font-bold text-bark-900">Not authorised</h1>
        <p className="mt-2 text-bark-700">
          {phone ? `You are signed in as ${phone}, ` : 'You are signed in, '}
          but this account does not have access to {props.what}. Ask the programme operator to grant
          access, or sign in with another phone.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => logout.mutate()} disabled={logout.isPending}>
            Sign out
          </Button>
          <ButtonLink to="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        </div>
      </Card>
    </main>
  );
}
