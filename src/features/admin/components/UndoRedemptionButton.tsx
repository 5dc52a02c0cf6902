// Undo one redemption (a mistake, or a member's "not you?"): a confirmation dialog that needs a
// reason, then POST …/undo-redemption. The API's own words are shown on failure (409 not redeemed).
import { Button } from '@/components/ui/Button.tsx';
import { ReasonDialog } from '@/components/ui/FormDialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useUndoRedemption } from '../api/undo-redemption.ts';

export function UndoRedemptionButton(props: {
  redemption: { customerRewardId: string; rewardName: string; businessName: string | null; redeemedAt: string };
  customerName: string;
}) {
  const mutation = useUndoRedemption();
  const { redemption } = props;
  const at = `${redemption.businessName ?? 'a counter'}, ${new Date(redemption.redeemedAt).toLocaleString()}`;
  return (
    <ReasonDialog
      trigger={
        <Button variant="destructive" aria-label={`Undo the redemption of ${redemption.rewardName} at ${at}`}>
          Undo
        </Button>
      }
      title="Undo this redemption?"
      description={`${redemption.rewardName} for ${props.customerName} at ${at}. The reward is unlocked again and settlement no longer counts it; the ledger keeps who redeemed it and your reason.`}
      submitLabel="Undo redemption"
      pending={mutation.isPending}
      missingReason="Say why the redemption is undone."
      onSubmit={(reason, dialog) =>
        mutation.mutate(
          { customerRewardId: redemption.customerRewardId, reason },
          {
            onSuccess: (result) => {
              dialog.done();
              toast({
                title: 'Redemption undone',
                description:
                  result.status === 'unlocked'
                    ? `${redemption.rewardName} is ${props.customerName}'s to use again.`
                    : `${redemption.rewardName} was earned by a voided visit, so it is withdrawn.`,
              });
            },
            onError: (failure) => dialog.fail(userMessage(failure)),
          },
        )
      }
    />
  );
}
