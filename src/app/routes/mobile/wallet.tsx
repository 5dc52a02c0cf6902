// Mobile wallet (PRODUCT §2 /mobile/wallet): points, tier, progress, rewards and the village passport;
// the kiosk's 'View My Points' QR opens it on the member's phone, so the wallet card buttons are here.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { useMe } from '@/features/rewards/api/get-me.ts';
import { PointsCard } from '@/features/rewards/components/PointsCard.tsx';
import { MemberPassport } from '@/app/components/MemberPassport.tsx';
import { MemberOnly } from '@/app/components/MemberOnly.tsx';
import { RewardList } from '@/features/rewards/components/RewardList.tsx';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';
import { WalletOffer } from '@/features/wallet/components/WalletOffer.tsx';

const LOADING = 'Loading your points...';
const SIGNED_OUT = <SignInPrompt message="Please sign in to continue" to="/mobile" />;

function Wallet() {
  const me = useMe({ on401: 'returnNull', live: true });
  if (me.isPending) return <LoadingLine text={LOADING} />;
  if (me.isError) return <p role="alert">{"We couldn't load your points. Please try again."}</p>;
  if (!me.data) return SIGNED_OUT;
  return (
    <div className="grid gap-5">
      <h1 className="font-display text-3xl font-bold">Points & Rewards</h1>
      <PointsCard points={me.data.totalPoints} tier={me.data.tier} nextGoal={me.data.nextGoal} />
      <RewardList rewards={me.data.rewards} />
      <MemberPassport me={me.data} />
      <WalletOffer signedIn />
      <ButtonLink to="/mobile/qr" size="lg">
        Show My Check-in QR
      </ButtonLink>
      <ButtonLink to="/account" size="lg" variant="secondary">
        My Account
      </ButtonLink>
    </div>
  );
}

export function MobileWalletPage() {
  return (
    <MemberOnly title="Points & Rewards" signedOut={SIGNED_OUT} loading={LOADING} screen={Wallet} />
  );
}
