// Sign in (PRODUCT §2 /login and /checkin): a phone, 'Send Verification Code' → login_phone is
// stored → /login/verify; 'Join' for newcomers.
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useSendCode } from '@/features/session/api/send-code.ts';
import { PhoneEntry } from '@/features/session/components/PhoneEntry.tsx';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const send = useSendCode();
  const submit = (phone: string) =>
    send.mutate(
      { phone },
      {
        onSuccess: () => {
          writeSession(SESSION_KEYS.loginPhone, phone);
          void navigate('/login/verify');
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to send verification code. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <MemberScreen title="Sign In">
      <h1 className="font-display text-3xl font-bold">Sign In</h1>
      <p className="mt-2 text-bark-700">We'll text a 6-digit code to your phone.</p>
      <Card className="mt-6">
        <PhoneEntry
          id="login-phone"
          label="Phone Number"
          submitLabel="Send Verification Code"
          pending={send.isPending}
          onSubmit={submit}
        />
      </Card>
      <p className="mt-6 text-center text-bark-700">Not a member yet?</p>
      <ButtonLink to="/join" variant="secondary" size="lg" className="mt-2 w-full">
        Join
      </ButtonLink>
    </MemberScreen>
  );
}
