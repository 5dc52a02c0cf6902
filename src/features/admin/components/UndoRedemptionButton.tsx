// Undo one redemption (a mistake, or a member's "not you?"): a confirmation dialog that needs a
// reason, then POST …/undo-redemption. The API's own words are shown on failure (409 not redeemed).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useUndoRedemption } from '../api/undo-redemption.ts';
import { FormDialogContent, ReasonField } from './AdminDialog.tsx';

export function UndoRedemptionButton(props: {
  redemption: { customerRewardId: string; rewardName: string; businessName: string | null; redeemedAt: string };
  customerName: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useUndoRedemption();
  const { redemption } = props;
  const at = `${redemption.businessName ?? 'a counter'}, ${new Date(redemption.redeemedAt).toLocaleString()}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the redemption is undone.');
      return;
    }
    mutation.mutate(
      { customerRewardId: redemption.customerRewardId, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setOpen(false);
          setReason('');
          toast({
            title: 'Redemption undone',
            description:
              result.status === 'unlocked'
                ? `${redemption.rewardName} is ${props.customerName}'s to use again.`
                : `${redemption.rewardName} was earned by a voided visit, so it is withdrawn.`,
          });
        },
        onError: (failure) => setError(userMessage(failure)),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" aria-label={`Undo the redemption of ${redemption.rewardName} at ${at}`}>
          Undo
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title="Undo this redemption?"
        description={`${redemption.rewardName} for ${props.customerName} at ${at}. The reward is unlocked again and settlement no longer counts it; the ledger keeps who redeemed it and your reason.`}
        onSubmit={submit}
        submitLabel="Undo redemption"
        submitVariant="destructive"
        pending={mutation.isPending}
      >
        <ReasonField value={reason} onChange={setReason} error={error} />
      </FormDialogContent>
    </Dialog>
  );
}
