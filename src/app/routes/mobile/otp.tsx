// Mobile code entry (PRODUCT §2 "Verify Your Phone", §5, §8): 6 digits or the submit stays disabled;
// the stored sign-up data goes with the code (name 'Mobile User' when missing); on success the
// member lands on /mobile/qr. Without stored sign-up data it returns to /mobile.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast.ts';
import { useVerifyCode } from '@/features/session/api/verify-code.ts';
import { DEFAULT_MOBILE_NAME, readSignupData } from '@/features/session/lib/signup-data.ts';
import { formatPhone } from '@/lib/phone.ts';
import { removeSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';
import { PhoneCodeCard } from '@/app/components/PhoneCode.tsx';

export function MobileOtpPage() {
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const [signup] = useState(readSignupData);
  if (!signup) return <Navigate to="/mobile" replace />;

  const submit = (code: string) =>
    verify.mutate(
      {
        phone: signup.phone,
        code,
        name: signup.name.trim() || DEFAULT_MOBILE_NAME,
        email: signup.email,
        smsConsent: signup.smsConsent,
        emailConsent: false,
        referralCode: signup.referralCode,
      },
      {
        onSuccess: () => {
          toast({ title: 'Welcome!', description: 'Your account has been verified successfully.' });
          removeSession(SESSION_KEYS.signupData);
          void navigate('/mobile/qr');
        },
        onError: () =>
          toast({
            title: 'Invalid Code',
            description: 'The verification code is invalid or expired.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <MemberScreen title="Verify Your Phone">
      <h1 className="font-display text-3xl font-bold">Verify Your Phone</h1>
      <p className="mt-2 text-bark-700">Enter the 6-digit code we sent to {formatPhone(signup.phone)}.</p>
      <PhoneCodeCard
        phone={signup.phone}
        rule="six-digits"
        submitLabel="Verify & Continue"
        pending={verify.isPending}
        onSubmit={submit}
      />
    </MemberScreen>
  );
}
