// Sign-in by phone code for the operator (/admin) and the counter (/staff): phone, then the
// 6-digit code; the session then decides what the screen shows (RequireSession).
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useSendCode } from '../api/send-code.ts';
import { useVerifyStaffCode } from '../api/verify-staff-code.ts';
import { CodeEntry } from './CodeEntry.tsx';

export function StaffSignIn(props: { title: string; intro: string }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useSendCode();
  const verify = useVerifyStaffCode();

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (phone.length !== 10) {
      toast({
        title: 'Phone Required',
        description: 'Please enter your phone number.',
        variant: 'destructive',
      });
      return;
    }
    sendCode.mutate(
      { phone },
      {
        onSuccess: () => {
          setSentTo(phone);
          toast({ title: 'Code Sent', description: 'A verification code has been sent.' });
        },
        onError: (error) =>
          toast({ title: 'Error', description: userMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <main className="mx-auto grid min-h-svh max-w-md content-center px-4 py-10">
      <Card>
        <h1 className="font-display text-2xl font-bold text-bark-900">{props.title}</h1>
        <p className="mt-2 text-bark-700">{props.intro}</p>
        {sentTo === null ? (
          <form noValidate onSubmit={send} className="mt-6 grid gap-4">
            <div>
              <Label htmlFor={`${id}-phone`}>Phone number</Label>
              <PhoneInput id={`${id}-phone`} value={phone} onChange={setPhone} autoFocus />
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={sendCode.isPending}>
              {sendCode.isPending ? <Spinner /> : null}
              Send Verification Code
            </Button>
          </form>
        ) : (
          <div className="mt-6 grid gap-4">
            <p className="text-sm text-bark-700" role="status">
              Enter the code sent to the phone ending {sentTo.slice(-4)}.{' '}
              <button
                type="button"
                className="font-semibold text-meadow-800 underline"
                onClick={() => setSentTo(null)}
              >
                Use another phone
              </button>
            </p>
            <CodeEntry
              rule="six-digits"
              submitLabel="Verify & Sign In"
              pending={verify.isPending}
              onSubmit={(code) =>
                verify.mutate(
                  { phone: sentTo, code },
                  {
                    onError: (error) =>
                      toast({
                        title: 'Verification Failed',
                        description: error.message,
                        variant: 'destructive',
                      }),
                  },
                )
              }
              onResend={() => send()}
              resendPending={sendCode.isPending}
            />
          </div>
        )}
      </Card>
    </main>
  );
}
