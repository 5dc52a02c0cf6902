// My QR code (PRODUCT §2 /account/qr): the member card at 250 for staff to scan — `customer:{id}`, or
// the new card's value once a lost card was replaced (GET /api/me/card) — and the member's points,
// kept current while the page is open.
import { MemberQr } from '@/features/checkin/components/MemberQr.tsx';
import { useMyCard } from '@/features/cards/api/cards.ts';
import { useMe } from '@/features/rewards/api/get-me.ts';
import { BackToAccount, MemberOnly } from '@/app/components/MemberOnly.tsx';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';

const LOADING = 'Loading your QR code...';
const SIGNED_OUT = <SignInPrompt message="Please sign in to view your QR code" to="/login" />;

function AccountQr() {
  const me = useMe({ on401: 'returnNull', live: true });
  const card = useMyCard({ enabled: Boolean(me.data) });
  if (me.isPending) return <LoadingLine text={LOADING} />;
  if (me.isError) return <p role="alert">{"We couldn't load your QR code. Please try again."}</p>;
  if (!me.data) return SIGNED_OUT;
  if (card.isPending) return <LoadingLine text={LOADING} />;
  if (card.isError) return <p role="alert">{"We couldn't load your QR code. Please try again."}</p>;
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <h1 className="font-display text-3xl font-bold">{me.data.customer.name}</h1>
      <MemberQr
        value={card.data.qr}
        size={250}
        caption="Show this code to staff at any participating business."
      />
      {/* Re-read every 2 s while open: the counter's approval shows here as it happens. */}
      <p className="text-lg text-bark-900">
        Your points: <strong>{me.data.totalPoints}</strong>
      </p>
      <BackToAccount />
    </div>
  );
}

export function AccountQrPage() {
  return (
    <MemberOnly title="My QR Code" signedOut={SIGNED_OUT} loading={LOADING} screen={AccountQr} />
  );
}
