// The member's phone codes (PRODUCT §2, §5): the code step of /login/verify and /mobile/otp (the
// code entry in its card, with the resend to the same phone), and the texting of a sign-in code
// that /login/verify then asks for.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useSendCode } from '@/features/session/api/send-code.ts';
import { CodeEntry, type CodeEntryProps } from '@/features/session/components/CodeEntry.tsx';
import { resendAvailableAt } from '@/features/session/lib/resend-wait.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';

/** The code entry for a code texted to `phone`; its resend says 'Code Sent', or, too soon,
 *  counts down to when it may be sent (Auth's or the API's Retry-After). */
export function PhoneCodeCard(
  props: Omit<CodeEntryProps, 'onResend' | 'resendPending' | 'resendAvailableAt'> & {
    phone: string;
  },
) {
  const { phone, ...entry } = props;
  const resend = useSendCode();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const again = () =>
    resend.mutate(
      { phone },
      {
        onSuccess: () =>
          toast({ title: 'Code Sent', description: 'A new verification code has been sent.' }),
        onError: (error) => {
          const at = resendAvailableAt(error);
          if (at) setResendAt(at);
          else
            toast({
              title: 'Error',
              description: 'Failed to resend code. Please try again.',
              variant: 'destructive',
            });
        },
      },
    );
  return (
    <Card className="mt-6">
      <CodeEntry
        {...entry}
        onResend={again}
        resendPending={resend.isPending}
        resendAvailableAt={resendAt}
      />
    </Card>
  );
}

/** A code could not be texted. */
export function toastSendFailed() {
  toast({
    title: 'Error',
    description: 'Failed to send verification code. Please try again.',
    variant: 'destructive',
  });
}

/** Texts a sign-in code to a phone, keeps the phone for the next step (login_phone) and goes to
 *  /login/verify. */
export function useSendSignInCode() {
  const navigate = useNavigate();
  const send = useSendCode();
  return {
    send: (phone: string) =>
      send.mutate(
        { phone },
        {
          onSuccess: () => {
            writeSession(SESSION_KEYS.loginPhone, phone);
            void navigate('/login/verify');
          },
          onError: toastSendFailed,
        },
      ),
    pending: send.isPending,
  };
}
