// My account (PRODUCT §2 /account): name, phone, sign-out, points and tier, visited locations,
// rewards with Redeem, progress to the next goal, the passport, the QR and the history; and the
// member's own details and data: name, phone, texts, download, delete; the wallet
// card buttons when the operator set a wallet up; "Bring a neighbour" (their invitation code).
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { toast } from '@/components/ui/toast.ts';
import { AccountSettings } from '@/features/account/components/AccountSettings.tsx';
import { ProgrammeNews } from '@/features/account/components/ProgrammeNews.tsx';
import { useMe } from '@/features/rewards/api/get-me.ts';
import { PointsCard } from '@/features/rewards/components/PointsCard.tsx';
import { logout as endSession, useLogout } from '@/features/session/api/logout.ts';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@/lib/phone.ts';
import { clearVisitor } from '@/lib/session-keys.ts';
import { MemberPassport } from '@/app/components/MemberPassport.tsx';
import { MemberOnly } from '@/app/components/MemberOnly.tsx';
import { RewardList } from '@/features/rewards/components/RewardList.tsx';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';
import { RedeemButton } from '@/features/rewards/components/RedeemButton.tsx';
import { RecentRedemptions } from '@/features/rewards/components/RecentRedemptions.tsx';
import { WalletOffer } from '@/features/wallet/components/WalletOffer.tsx';
import { MyDrawEntries } from '@/features/draws/components/MyDrawEntries.tsx';
import { ReferralCard } from '@/features/referrals/components/ReferralCard.tsx';

const LOADING = 'Loading your account...';
const SIGNED_OUT = <SignInPrompt message="Please sign in to view your account" to="/login" />;

function Account() {
  const navigate = useNavigate();
  const me = useMe({ on401: 'returnNull', live: true });
  const logout = useLogout();
  const queryClient = useQueryClient();
  if (me.isPending) return <LoadingLine text={LOADING} />;
  if (me.isError) return <p role="alert">{"We couldn't load your account. Please try again."}</p>;
  if (!me.data) return SIGNED_OUT;
  const { customer, totalPoints, visitedLocations, rewards } = me.data;
  // Awaited rather than per-call callbacks: signing out unmounts this screen (the guard shows the
  // prompt) before the mutation settles, and the toast and the move home must still happen.
  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // signed out locally all the same (useLogout clears the session and the cache)
    }
    clearVisitor();
    toast({ title: 'Signed Out', description: 'You have been signed out of your account.' });
    void navigate('/');
  };
  // The account is gone with its sessions: forget the session here too and say goodbye.
  const deleted = async () => {
    await endSession();
    queryClient.clear();
    clearVisitor();
    void navigate('/goodbye', { replace: true });
  };
  return (
    <div className="grid gap-5">
      {/* A long name without spaces wraps inside its column: Sign Out stays on screen. */}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold wrap-anywhere">{customer.name}</h1>
          <p className="text-bark-700">{formatPhone(customer.phone)}</p>
        </div>
        <Button variant="secondary" className="shrink-0" onClick={() => void signOut()} disabled={logout.isPending}>
          Sign Out
        </Button>
      </div>
      <ProgrammeNews news={me.data.programmeNews} />
      <PointsCard points={totalPoints} tier={me.data.tier} nextGoal={me.data.nextGoal} />
      <p className="text-bark-900">
        Visited locations: <strong>{visitedLocations.length}</strong>
      </p>
      <MyDrawEntries />
      <RewardList rewards={rewards} action={(reward) => <RedeemButton reward={reward} />} />
      <RecentRedemptions redemptions={me.data.recentRedemptions} />
      <MemberPassport me={me.data} />
      <ReferralCard />
      <div className="grid gap-3 sm:grid-cols-2">
        <ButtonLink to="/account/qr" size="lg">
          Show My QR Code
        </ButtonLink>
        <ButtonLink to="/account/history" size="lg" variant="secondary">
          Visit History
        </ButtonLink>
        <ButtonLink to="/account/card" size="lg" variant="secondary" className="sm:col-span-2">
          Print my card
        </ButtonLink>
      </div>
      <WalletOffer signedIn />
      <AccountSettings onDeleted={() => void deleted()} />
    </div>
  );
}

export function AccountPage() {
  return (
    <MemberOnly title="My Account" signedOut={SIGNED_OUT} loading={LOADING} screen={Account} />
  );
}
