// The join pages' answer to a phone that cannot start a new membership (the API's 409). The screen
// says nothing about whose number it is, so whoever typed it learns little; the way on is a
// sign-in code texted to that phone, which only the phone's owner can use.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useSendCode } from '@/features/session/api/send-code.ts';
import { formatPhone } from '@/lib/phone.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';

export function JoinSignInInstead(props: { phone: string; onBack: () => void; className?: string }) {
  const navigate = useNavigate();
  const send = useSendCode();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is hidden: move focus to the news so keyboard and screen-reader users are not lost
  // (scroll-mt keeps the heading clear of the sticky header when focus scrolls to it).
  useEffect(() => heading.current?.focus(), []);
  const sendCode = () =>
    send.mutate(
      { phone: props.phone },
      {
        onSuccess: () => {
          writeSession(SESSION_KEYS.loginPhone, props.phone);
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
    <Card role="region" className={props.className} aria-labelledby="join-sign-in-instead">
      <h2
        id="join-sign-in-instead"
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-28 font-display text-xl font-bold focus:outline-none"
      >
        Sign in with this phone instead
      </h2>
      <p className="mt-2 text-bark-700">
        We can't start a new membership with {formatPhone(props.phone)}. If it's your phone, we'll text it a
        sign-in code: only the phone itself receives it.
      </p>
      <div className="mt-5 grid gap-3">
        <Button size="lg" onClick={sendCode} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send a sign-in code to this phone'}
        </Button>
        <Button variant="ghost" onClick={props.onBack}>
          Use a different number
        </Button>
      </div>
    </Card>
  );
}
