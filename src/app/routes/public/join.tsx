// Join (PRODUCT §2 general join): name, phone, optional email and SMS consent; 'Join Now' /
// 'Creating Account...'; the member QR on success; PRODUCT §8's general-join error toasts. Coming
// from a sign-in code for an unknown phone, the phone is filled in and already
// proven: the browser holds that session, and the new customer is linked to it. A phone that
// cannot start a new membership gets the offer of a sign-in code texted to it (not the spec's
// 'Account Already Exists', which told whoever typed a number that it belongs to a member). A join
// link from a member (/join?ref=CODE) says "You were invited by a neighbour" and fills in the
// optional invitation code; a code that is not one is said and never stops the join.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useCreateCustomer } from '@/features/signup/api/create-customer.ts';
import { SignupForm } from '@/features/signup/components/SignupForm.tsx';
import { generalJoinErrorToast, isExistingPhone } from '@/features/signup/lib/join-errors.ts';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { useBusinessCount } from '@/features/locations/api/business-count.ts';
import { businessesPhrase } from '@/lib/business-count.ts';
import { useProgramme } from '@/lib/programme.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { JoinSignInInstead } from './join-sign-in-instead.tsx';
import { JoinSuccess } from './join-success.tsx';
import { InvitationNotice } from '@/features/referrals/components/InvitationNotice.tsx';
import { isReferralCode, referralFromSearch } from '@/lib/referral-code.ts';

/** The perks; the businesses' count comes from GET /api/locations. */
function perksFor(count: number | undefined) {
  return [
    count === undefined
      ? 'A welcome reward at each business'
      : `A welcome reward at each of the ${businessesPhrase(count, 'business')}`,
    '5 points every time you check in',
    'Points never expire',
  ];
}

export function JoinPage() {
  usePageTitle(`Join ${PROGRAMME_NAME}`);
  const signup = useCreateCustomer();
  const [existingPhone, setExistingPhone] = useState<string | null>(null);
  // The tier perks from GET /api/programme (no threshold fixed here).
  const tierPerks = (useProgramme().data?.tiers ?? [])
    .filter((tier) => tier.minPoints > 0 && tier.reward)
    .map((tier) => `${tier.name} at ${tier.minPoints} points: ${tier.reward!.name}`);
  const businessCount = useBusinessCount();
  const basePerks = perksFor(businessCount);
  const perks = [...basePerks.slice(0, 2), ...tierPerks, ...basePerks.slice(2)];
  const location = useLocation();
  const invitationCode = referralFromSearch(location.search);
  const verifiedPhone = (location.state as { verifiedPhone?: unknown } | null)?.verifiedPhone;
  const phone =
    typeof verifiedPhone === 'string' && /^\d{10}$/.test(verifiedPhone) ? verifiedPhone : undefined;
  if (signup.data) {
    return (
      <JoinSuccess
        customer={signup.data.customer}
        welcomeReward={signup.data.welcomeReward}
        signedIn={phone !== undefined}
        referral={signup.data.referral}
      />
    );
  }
  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2">
      <div>
        <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
          Join {PROGRAMME_NAME}
        </h1>
        <p className="mt-3 text-bark-700">
          One free membership for the {businessesPhrase(businessCount)} of our village. It takes a
          minute.
        </p>
        <ul className="mt-6 space-y-2">
          {perks.map((perk) => (
            <li key={perk} className="flex gap-2 text-bark-900">
              <span aria-hidden="true" className="text-meadow-700">
                ✓
              </span>
              {perk}
            </li>
          ))}
        </ul>
        <InvitationNotice code={invitationCode} />
      </div>
      {existingPhone ? (
        <JoinSignInInstead phone={existingPhone} onBack={() => setExistingPhone(null)} />
      ) : null}
      {/* Hidden, not gone: "Use a different number" comes back to what was typed. */}
      <Card hidden={existingPhone !== null}>
        <h2 className="mb-5 font-display text-xl font-bold">Create your membership</h2>
        <SignupForm
          submitLabel="Join Now"
          pendingLabel="Creating Account..."
          pending={signup.isPending}
          initialPhone={phone}
          phoneVerified={phone !== undefined}
          referral={{ initialCode: invitationCode && isReferralCode(invitationCode) ? invitationCode : undefined }}
          onSubmit={(values) =>
            signup.mutate(
              { ...values, emailConsent: false },
              {
                onError: (error) =>
                  isExistingPhone(error)
                    ? setExistingPhone(values.phone)
                    : toast(generalJoinErrorToast()),
              },
            )
          }
        />
      </Card>
    </section>
  );
}
