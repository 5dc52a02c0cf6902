// Kiosk sign-up (PRODUCT §2, §4): 'Join Rewards' for the business in session storage; the new
// customer's id, name and welcome reward are stored, then the welcome screen starts their check-in.
// An optional neighbour's invitation code: one that is not recognised is said, never in the way.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { saveVisitor } from '@/features/checkin/lib/kiosk-visitor.ts';
import { useCreateCustomer } from '@/features/signup/api/create-customer.ts';
import { SignupForm } from '@/features/signup/components/SignupForm.tsx';
import { ApiError, userMessage } from '@/lib/api-client.ts';
import { readSession, removeSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { KioskFormScreen } from '@/app/components/KioskFormScreen.tsx';

export const GENERIC_BUSINESS = 'Participating Business';

export function KioskSignupPage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const [problem, setProblem] = useState<{ message: string; exists: boolean } | null>(null);
  const businessName = readSession(SESSION_KEYS.businessName) ?? GENERIC_BUSINESS;
  // The phone a check-in did not find, handed over by its 'Join'.
  const initialPhone = (useLocation().state as { phone?: string } | null)?.phone;
  return (
    <KioskFormScreen title="Join Rewards" heading="Join Rewards" intro={businessName}>
      {problem ? (
        <div
          role="alert"
          className="mt-6 rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-900"
        >
          <p className="text-xl font-semibold">{problem.message}</p>
          {problem.exists ? (
            <ButtonLink to="/kiosk/checkin" size="lg" className="mt-3">
              Check In Instead
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <Card className="mt-6 p-8">
        <SignupForm
          submitLabel="Get My Welcome Reward"
          pendingLabel="Creating Account..."
          pending={create.isPending}
          initialPhone={initialPhone}
          labels={{
            name: 'Your name *',
            phone: 'Mobile phone number *',
            email: 'Email (optional)',
          }}
          referral={{}}
          onSubmit={(values) => {
            setProblem(null);
            create.mutate(
              { ...values, emailConsent: false, locationId: kioskLocationId() },
              {
                onSuccess: (result) => {
                  if (result.referral === 'invalid') {
                    toast({
                      title: 'Invitation code not recognised',
                      description: "You're signed up all the same; the code was left out.",
                    });
                  }
                  saveVisitor({
                    customerId: result.customer.id,
                    customerName: result.customer.name,
                    welcomeReward: result.welcomeReward,
                  });
                  removeSession(SESSION_KEYS.pendingToken);
                  void navigate('/kiosk/welcome', { state: { phone: values.phone } });
                },
                onError: (error) => {
                  const exists = error instanceof ApiError && error.status === 409;
                  // A kiosk is shared by strangers: a phone that cannot start a new membership
                  // is answered in words that do not say whose number it is (as /join does).
                  setProblem({
                    message: exists
                      ? "We can't start a new membership with this number. If it's your phone, check in with it instead."
                      : userMessage(error),
                    exists,
                  });
                  toast({
                    title: 'Error',
                    description: 'Failed to start sign-up process. Please try again.',
                    variant: 'destructive',
                  });
                },
              },
            );
          }}
        />
      </Card>
    </KioskFormScreen>
  );
}
