// Sign in (SPEC §2 /login and /checkin): a phone, 'Send Verification Code' → login_phone is
// stored → /login/verify; 'Join' for newcomers.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FieldError, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useSendCode } from '@/features/session/api/send-code.ts';
import { PHONE_DIGITS } from '@/lib/phone.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { MemberScreen } from '../shared/MemberScreen.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const send = useSendCode();
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone) {
      toast({ title: 'Phone Required', description: 'Please enter your phone number.', variant: 'destructive' });
      return;
    }
    if (phone.length < PHONE_DIGITS) {
      setProblem('Please enter all 10 digits of your phone number.');
      return;
    }
    setProblem(undefined);
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
  };
  return (
    <MemberScreen title="Sign In">
      <h1 className="font-display text-3xl font-bold">Sign In</h1>
      <p className="mt-2 text-bark-700">We'll text a 6-digit code to your phone.</p>
      <Card className="mt-6">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div>
            <Label htmlFor="login-phone">Phone Number</Label>
            <PhoneInput
              id="login-phone"
              value={phone}
              onChange={setPhone}
              aria-required="true"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'login-phone-error' : undefined}
            />
            <FieldError id="login-phone-error" message={problem} />
          </div>
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? <Spinner /> : null}
            Send Verification Code
          </Button>
        </form>
      </Card>
      <p className="mt-6 text-center text-bark-700">Not a member yet?</p>
      <ButtonLink to="/join" variant="secondary" size="lg" className="mt-2 w-full">
        Join
      </ButtonLink>
    </MemberScreen>
  );
}
