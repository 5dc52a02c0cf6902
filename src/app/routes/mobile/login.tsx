// Mobile start (PRODUCT §2 /mobile): the phone and sign-up data, a code is texted, signup_data is
// stored (PRODUCT §3), then /mobile/otp. A member who is already signed in goes straight to the QR.
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { useSendCode } from '@/features/session/api/send-code.ts';
import { saveSignupData } from '@/features/session/lib/signup-data.ts';
import { SignupForm } from '@/features/signup/components/SignupForm.tsx';
import { hasKind, useSession } from '@/lib/session.ts';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';
import { toastSendFailed } from '@/app/components/PhoneCode.tsx';

export function MobileLoginPage() {
  const navigate = useNavigate();
  const send = useSendCode();
  const { claims } = useSession();
  return (
    <MemberScreen title="Mobile Check-in">
      <h1 className="font-display text-3xl font-bold">Check In with Your Phone</h1>
      <p className="mt-2 text-bark-700">
        New or returning member: enter your details and we'll text you a 6-digit code.
      </p>
      {hasKind(claims, 'member') ? (
        <Card className="mt-6 grid gap-3">
          <p>You're already signed in on this phone.</p>
          <ButtonLink to="/mobile/qr" size="lg">
            Show My Check-in QR
          </ButtonLink>
        </Card>
      ) : null}
      <Card className="mt-6">
        <SignupForm
          submitLabel="Send Verification Code"
          pendingLabel="Sending..."
          pending={send.isPending}
          labels={{ name: 'Your Name *', phone: 'Phone Number *' }}
          referral={{}}
          onSubmit={(values) =>
            send.mutate(
              { phone: values.phone },
              {
                onSuccess: () => {
                  saveSignupData({
                    phone: values.phone,
                    name: values.name,
                    email: values.email,
                    smsConsent: values.smsConsent,
                    referralCode: values.referralCode,
                  });
                  void navigate('/mobile/otp');
                },
                onError: toastSendFailed,
              },
            )
          }
        />
      </Card>
    </MemberScreen>
  );
}
