// Sign in (PRODUCT §2 /login and /checkin): a phone, 'Send Verification Code' → login_phone is
// stored → /login/verify; 'Join' for newcomers.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { PhoneEntry } from '@/features/session/components/PhoneEntry.tsx';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';
import { useSendSignInCode } from '@/app/components/PhoneCode.tsx';

export function LoginPage() {
  const signIn = useSendSignInCode();
  return (
    <MemberScreen title="Sign In">
      <h1 className="font-display text-3xl font-bold">Sign In</h1>
      <p className="mt-2 text-bark-700">We'll text a 6-digit code to your phone.</p>
      <Card className="mt-6">
        <PhoneEntry
          id="login-phone"
          label="Phone Number"
          submitLabel="Send Verification Code"
          pending={signIn.pending}
          onSubmit={signIn.send}
        />
      </Card>
      <p className="mt-6 text-center text-bark-700">Not a member yet?</p>
      <ButtonLink to="/join" variant="secondary" size="lg" className="mt-2 w-full">
        Join
      </ButtonLink>
    </MemberScreen>
  );
}
