// My card (/account/card): the member's card as it prints — the programme, their name and their
// QR — with "Print my card" for a member who carries paper instead of a phone. The QR is the card
// counters scan now (a replaced card's new value). The CARD text answer links here.
import { Button } from '@/components/ui/Button.tsx';
import { useMyCard } from '@/features/cards/api/cards.ts';
import { CardPrintSheet } from '@/features/cards/components/CardPrintSheet.tsx';
import { MemberCardFace } from '@/features/cards/components/MemberCardFace.tsx';
import { BackToAccount, MemberOnly } from '@/app/components/MemberOnly.tsx';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';

const LOADING = 'Loading your card...';
const SIGNED_OUT = <SignInPrompt message="Please sign in to print your card" to="/login" />;

function MyCard() {
  const card = useMyCard();
  if (card.isPending) return <LoadingLine text={LOADING} />;
  if (card.isError)
    return (
      <div role="alert" className="grid gap-3">
        <p>{"We couldn't load your card. Please try again."}</p>
        <Button variant="secondary" onClick={() => void card.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <h1 className="font-display text-3xl font-bold">My card</h1>
      <p className="text-bark-900">
        Print your card and show it at any participating business instead of your phone. Cut it out
        along the dashed line.
      </p>
      <MemberCardFace card={card.data} className="shadow-sm" />
      <Button size="lg" onClick={() => window.print()}>
        Print my card
      </Button>
      <p className="text-sm text-bark-700">
        Lost your card? Ask at the counter or contact us for a new one: the old card stops working.
      </p>
      <BackToAccount />
      <CardPrintSheet card={card.data} />
    </div>
  );
}

export function AccountCardPage() {
  return <MemberOnly title="My Card" signedOut={SIGNED_OUT} loading={LOADING} screen={MyCard} />;
}
