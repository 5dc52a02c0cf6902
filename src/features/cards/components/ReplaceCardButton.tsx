// Replace a lost card: a confirmation that says the old card stops working, an optional reason
// (kept in the audit log), then POST …/card. The API's own words are shown on failure.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { FieldError, Label, Textarea } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useReplaceCard } from '../api/cards.ts';

export function ReplaceCardButton(props: { customerId: string; name: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useReplaceCard();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { customerId: props.customerId, reason: reason.trim() },
      {
        onSuccess: (card) => {
          setOpen(false);
          setReason('');
          toast({
            title: 'New card issued',
            description: `Card ${card.version} for ${props.name}. Print it now: the old card no longer works.`,
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
        <Button variant="destructive">Replace lost card</Button>
      </DialogTrigger>
      <DialogContent
        title="Replace this card?"
        description={`${props.name} gets a new card with a new QR code. The old card stops working at every counter and kiosk at once; their points and rewards stay.`}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div>
            <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              placeholder="Card lost"
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="min-h-20"
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              Issue a new card
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
