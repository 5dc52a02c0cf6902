// A member's printable card for the operator (/admin/card?customer=<id>): up to eight copies on one
// A4 or Letter page, and the replacement of a lost card (a new QR; the old card stops working).
// Print CSS: only the card sheet goes on paper (features/cards).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { useAdminCard } from '@/features/cards/api/cards.ts';
import { CardPrintSheet, MAX_COPIES } from '@/features/cards/components/CardPrintSheet.tsx';
import { MemberCardFace } from '@/features/cards/components/MemberCardFace.tsx';
import { ReplaceCardButton } from '@/features/cards/components/ReplaceCardButton.tsx';
import { QueryView } from '@/features/admin/components/QueryState.tsx';
import { StaffScreen } from '@/app/components/StaffScreen.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function AdminMemberCardPage() {
  return (
    <StaffScreen
      kind="admin"
      title="Member card"
      intro="Sign in with the operator's phone number to print member cards."
      forbidden="member cards"
    >
      <CardPage />
    </StaffScreen>
  );
}

function CardPage() {
  const [params] = useSearchParams();
  const customerId = UUID.test(params.get('customer') ?? '') ? params.get('customer')! : '';
  const query = useAdminCard(customerId);
  const card = query.data;
  const [copies, setCopies] = useState(1);
  return (
    <main className="min-h-svh bg-cream-50 px-4 py-6 text-bark-900">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-display text-3xl font-bold">Member card</h1>
          <ButtonLink to="/admin?tab=customers" variant="secondary">
            Back to Customers
          </ButtonLink>
        </div>
        {!customerId ? (
          <p role="alert">Open a member's card from their record in Customers.</p>
        ) : (
          <QueryView query={query} what="this member's card">
            {card ? (
              <div className="grid gap-6">
                <MemberCardFace card={card} className="shadow-sm" />
                <p className="text-sm text-bark-700">
                  {card.version > 1
                    ? `Card ${card.version}: earlier cards of ${card.name} no longer work.`
                    : `${card.name}'s first card.`}{' '}
                  Each card is 85 × 55 mm; cut along the dashed lines.
                </p>
                <div className="flex flex-wrap items-end gap-4">
                  <label className="grid gap-1 text-sm font-semibold">
                    Copies on the page
                    <select
                      value={copies}
                      onChange={(event) => setCopies(Number(event.target.value))}
                      className="min-h-11 rounded-lg border border-bark-300 bg-white px-3 text-base"
                    >
                      {Array.from({ length: MAX_COPIES }, (_, index) => (
                        <option key={index + 1} value={index + 1}>
                          {index + 1}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button onClick={() => window.print()}>Print card</Button>
                  <ReplaceCardButton customerId={card.customerId} name={card.name} />
                </div>
                <CardPrintSheet card={card} copies={copies} />
              </div>
            ) : null}
          </QueryView>
        )}
      </div>
    </main>
  );
}
