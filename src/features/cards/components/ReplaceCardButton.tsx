// Replace a lost card: a confirmation that says the old card stops working, an optional reason
// (kept in the audit log), then POST …/card. The API's own words are shown on failure.
import { Button } from '@/components/ui/Button.tsx';
import { ReasonDialog } from '@/components/ui/FormDialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useReplaceCard } from '../api/cards.ts';

export function ReplaceCardButton(props: { customerId: string; name: string }) {
  const mutation = useReplaceCard();
  return (
    <ReasonDialog
      trigger={<Button variant="destructive">Replace lost card</Button>}
      title="Replace this card?"
      description={`${props.name} gets a new card with a new QR code. The old card stops working at every counter and kiosk at once; their points and rewards stay.`}
      submitLabel="Issue a new card"
      pending={mutation.isPending}
      reasonLabel="Reason (optional)"
      placeholder="Card lost"
      onSubmit={(reason, dialog) =>
        mutation.mutate(
          { customerId: props.customerId, reason },
          {
            onSuccess: (card) => {
              dialog.done();
              toast({
                title: 'New card issued',
                description: `Card ${card.version} for ${props.name}. Print it now: the old card no longer works.`,
              });
            },
            onError: (failure) => dialog.fail(userMessage(failure)),
          },
        )
      }
    />
  );
}
