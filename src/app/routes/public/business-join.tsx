// A business's join page (PRODUCT §2 /business/{id}/join): unknown id → /businesses; a welcome
// banner; the sign-up form with 'Join & Get {reward}' / 'Joining...'; PRODUCT §8's per-business
// error toasts; the member QR on success. A phone that cannot start a new membership gets the
// offer of a sign-in code texted to it, as on /join.
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { BusinessLogo } from '@/components/ui/BusinessLogo.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useLocations } from '@/features/locations/api/get-locations.ts';
import { useCreateCustomer } from '@/features/signup/api/create-customer.ts';
import { SignupForm } from '@/features/signup/components/SignupForm.tsx';
import { businessJoinErrorToast, isExistingPhone } from '@/features/signup/lib/join-errors.ts';
import { userMessage } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { JoinSignInInstead } from './join-sign-in-instead.tsx';
import { JoinSuccess } from './join-success.tsx';

export function BusinessJoinPage() {
  const { locationId } = useParams();
  const locations = useLocations();
  const location = locations.data?.find((item) => item.id === locationId);
  usePageTitle(location ? `Join at ${location.businessName}` : 'Join at a Business');
  const signup = useCreateCustomer();
  const [existingPhone, setExistingPhone] = useState<string | null>(null);

  if (locations.isPending) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12">
        <h1 className="sr-only">Join at a Business</h1>
        <p role="status" aria-busy="true" className="mb-4 text-bark-700">
          Loading…
        </p>
        <Skeleton className="h-28" />
        <Skeleton className="mt-6 h-96" />
      </section>
    );
  }
  if (locations.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12">
        <h1 className="font-display text-3xl font-bold">Join at a Business</h1>
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-5">
          <p className="font-semibold text-red-900">We couldn't load this business.</p>
          <p className="mt-1 text-sm text-red-800">{userMessage(locations.error)}</p>
          <Button
            className="mt-3"
            onClick={() => void locations.refetch()}
            disabled={locations.isFetching}
          >
            Retry
          </Button>
        </div>
      </section>
    );
  }
  if (!location) return <Navigate to="/businesses" replace />;
  if (signup.data) {
    return (
      <JoinSuccess
        customer={signup.data.customer}
        welcomeReward={signup.data.welcomeReward ?? location.welcomeReward}
        businessName={location.businessName}
        referral={signup.data.referral}
      />
    );
  }
  const reward = location.welcomeReward;
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <div className="flex items-center gap-4">
        <BusinessLogo location={location} />
        <h1 className="font-display text-3xl font-bold text-meadow-800">
          Join at {location.businessName}
        </h1>
      </div>
      {reward ? (
        <div
          className="mt-6 rounded-2xl border border-honey-400 bg-honey-400/15 p-5"
          role="note"
          aria-label="Welcome reward"
        >
          <p className="text-sm font-semibold text-bark-700">Your welcome reward</p>
          <p className="font-display text-xl font-bold">{reward.name}</p>
          <p className="mt-1 text-sm text-bark-900">{reward.description}</p>
        </div>
      ) : null}
      {existingPhone ? (
        <JoinSignInInstead className="mt-6" phone={existingPhone} onBack={() => setExistingPhone(null)} />
      ) : null}
      <Card className="mt-6" hidden={existingPhone !== null}>
        <SignupForm
          submitLabel={reward ? `Join & Get ${reward.name}` : 'Join'}
          pendingLabel="Joining..."
          referral={{}}
          pending={signup.isPending}
          onSubmit={(values) =>
            signup.mutate(
              { ...values, emailConsent: false, locationId: location.id },
              {
                onError: (error) =>
                  isExistingPhone(error) ? setExistingPhone(values.phone) : toast(businessJoinErrorToast()),
              },
            )
          }
        />
      </Card>
      <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <ButtonLink to="/businesses" variant="ghost">
          <span aria-hidden="true">←</span> Back to Businesses
        </ButtonLink>
        <ButtonLink to="/login" variant="ghost">
          Sign In
        </ButtonLink>
      </div>
    </section>
  );
}
