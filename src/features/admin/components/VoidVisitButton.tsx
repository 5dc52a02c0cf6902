// Void one visit: a confirmation dialog that needs a reason, then POST …/void. The API's own
// words are shown on failure (409 already void, 404 unknown visit…).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useVoidVisit } from '../api/void-visit.ts';
import { FormDialogContent, ReasonField } from './AdminDialog.tsx';

export function VoidVisitButton(props: {
  visit: { id: string; businessName: string; createdAt: string; points: number };
  customerName: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useVoidVisit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the visit is voided.');
      return;
    }
    mutation.mutate(
      { visitId: props.visit.id, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setOpen(false);
          setReason('');
          toast({
            title: 'Visit voided',
            description: `${result.pointsReversed} point${result.pointsReversed === 1 ? '' : 's'} taken back; ${props.customerName} now has ${result.totalPoints}.`,
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
        <Button
          variant="destructive"
          aria-label={`Void the visit at ${props.visit.businessName} on ${new Date(props.visit.createdAt).toLocaleString()}`}
        >
          Void
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title="Void this visit?"
        description={`${props.customerName} at ${props.visit.businessName}, ${new Date(props.visit.createdAt).toLocaleString()}. Its ${props.visit.points} points are taken back and any reward it unlocked is revoked. This cannot be undone.`}
        onSubmit={submit}
        submitLabel="Void visit"
        submitVariant="destructive"
        pending={mutation.isPending}
      >
        <ReasonField value={reason} onChange={setReason} error={error} />
      </FormDialogContent>
    </Dialog>
  );
}
