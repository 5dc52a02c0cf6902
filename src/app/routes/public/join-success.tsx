// The join pages' success view (PRODUCT §2 per-business join): the member's card QR
// (`customer:{id}`, size 200) with the id, the welcome reward, where to go next, and the wallet
// card buttons (for a joiner whose phone was proven by a code; otherwise a sign-in first).
import { useEffect, useRef } from 'react';
import type { RewardSummary } from '@contract';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { MemberQr } from '@/features/checkin/components/MemberQr.tsx';
import { referralOutcomeSentence } from '@/features/referrals/components/InvitationNotice.tsx';
import { WalletOffer } from '@/features/wallet/components/WalletOffer.tsx';

export function JoinSuccess(props: {
  customer: { id: string; name: string };
  welcomeReward: RewardSummary | null;
  businessName?: string;
  /** The joiner's phone was proven by a code: the browser holds their member session. */
  signedIn?: boolean;
  /** What became of a neighbour's invitation code, if one was sent. */
  referral?: 'accepted' | 'invalid' | null;
}) {
  const invitation = referralOutcomeSentence(props.referral);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the news so keyboard and screen-reader users are not lost.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center" aria-labelledby="join-success">
      <p className="font-semibold text-meadow-800">Welcome to the programme!</p>
      <h1
        id="join-success"
        ref={heading}
        tabIndex={-1}
        className="mt-1 font-display text-3xl font-bold focus:outline-none"
      >
        You're All Set!
      </h1>
      <p className="mt-2 text-bark-700">Thanks for joining, {props.customer.name}.</p>
      {invitation ? <p className="mt-2 text-bark-900">{invitation}</p> : null}
      {props.welcomeReward ? (
        <Card className="mt-6 border-honey-400 bg-honey-400/10 text-left">
          <p className="text-sm font-semibold text-bark-700">Your welcome reward</p>
          <p className="font-display text-xl font-bold">{props.welcomeReward.name}</p>
          <p className="mt-1 text-sm text-bark-900">{props.welcomeReward.description}</p>
          <p className="mt-2 text-sm text-bark-700">
            It unlocks on your first visit{props.businessName ? ` to ${props.businessName}` : ''}:
            show this code at the counter.
          </p>
        </Card>
      ) : (
        <p className="mt-4 text-bark-700">
          Your welcome reward at each business unlocks on your first visit there.
        </p>
      )}
      <div className="mt-8">
        <MemberQr
          value={`customer:${props.customer.id}`}
          size={200}
          label="Your member QR code"
          caption={
            <>
              Member ID: <span className="font-mono break-all">{props.customer.id}</span>
            </>
          }
        />
      </div>
      <WalletOffer signedIn={props.signedIn ?? false} className="mt-8" />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/login">Access My Account</ButtonLink>
        <ButtonLink to="/businesses" variant="secondary">
          Explore More Businesses
        </ButtonLink>
      </div>
    </section>
  );
}
