// Sign-in code (PRODUCT §2 /login/verify, §8): 'Verify & Sign In'; no account → 'Account Not Found'
// and /join after 2 s — with the phone filled in and already proven, so joining needs no second
// code (the verify keeps that session, `continueToJoin`); any other failure →
// 'Verification Failed'; success → /account.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast.ts';
import { useVerifyCode } from '@/features/session/api/verify-code.ts';
import { formatPhone } from '@/lib/phone.ts';
import { readSession, removeSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';
import { PhoneCodeCard } from '@/app/components/PhoneCode.tsx';

export const ACCOUNT_NOT_FOUND_REDIRECT_MS = 2000;

export function LoginVerifyPage() {
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const [phone] = useState(() => readSession(SESSION_KEYS.loginPhone));
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  if (!phone) return <Navigate to="/login" replace />;

  const accountNotFound = (verifiedPhone?: string) => {
    toast({
      title: 'Account Not Found',
      description: 'No account found with this phone number. Please sign up first.',
      variant: 'destructive',
    });
    redirect.current = window.setTimeout(
      () => void navigate('/join', verifiedPhone ? { state: { verifiedPhone } } : undefined),
      ACCOUNT_NOT_FOUND_REDIRECT_MS,
    );
  };
  const submit = (code: string) =>
    verify.mutate(
      { phone, code, continueToJoin: true },
      {
        onSuccess: (result) => {
          removeSession(SESSION_KEYS.loginPhone);
          if (!result.customer) {
            accountNotFound(phone);
            return;
          }
          toast({ title: 'Welcome Back!', description: "You've successfully signed in to your account." });
          void navigate('/account');
        },
        onError: (error) => {
          if (error.message.includes('404') || error.message.includes('No account found')) {
            accountNotFound();
            return;
          }
          toast({
            title: 'Verification Failed',
            description: 'Invalid or expired code. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  return (
    <MemberScreen title="Verify Sign-in Code">
      <Link to="/login" className="text-meadow-800 underline">
        ← Back to Sign In
      </Link>
      <h1 className="mt-4 font-display text-3xl font-bold">Enter Your Code</h1>
      <p className="mt-2 text-bark-700">We sent a 6-digit code to {formatPhone(phone)}.</p>
      <PhoneCodeCard
        phone={phone}
        rule="required"
        submitLabel="Verify & Sign In"
        pending={verify.isPending}
        onSubmit={submit}
      />
    </MemberScreen>
  );
}
