// Void one visit: a confirmation dialog that needs a reason, then POST …/void. The API's own
// words are shown on failure (409 already void, 404 unknown visit…).
import { Button } from '@/components/ui/Button.tsx';
import { ReasonDialog } from '@/components/ui/FormDialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useVoidVisit } from '../api/void-visit.ts';

export function VoidVisitButton(props: {
  visit: { id: string; businessName: string; createdAt: string; points: number };
  customerName: string;
}) {
  const mutation = useVoidVisit();
  const at = new Date(props.visit.createdAt).toLocaleString();
  return (
    <ReasonDialog
      trigger={
        <Button variant="destructive" aria-label={`Void the visit at ${props.visit.businessName} on ${at}`}>
          Void
        </Button>
      }
      title="Void this visit?"
      description={`${props.customerName} at ${props.visit.businessName}, ${at}. Its ${props.visit.points} points are taken back and any reward it unlocked is revoked. This cannot be undone.`}
      submitLabel="Void visit"
      pending={mutation.isPending}
      missingReason="Say why the visit is voided."
      onSubmit={(reason, dialog) =>
        mutation.mutate(
          { visitId: props.visit.id, reason },
          {
            onSuccess: (result) => {
              dialog.done();
              toast({
                title: 'Visit voided',
                description: `${result.pointsReversed} point${result.pointsReversed === 1 ? '' : 's'} taken back; ${props.customerName} now has ${result.totalPoints}.`,
              });
            },
            onError: (failure) => dialog.fail(userMessage(failure)),
          },
        )
      }
    />
  );
}
