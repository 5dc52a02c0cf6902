// Set or rotate a business's kiosk enrolment code: confirm (a new code un-enrols its kiosks),
// then show the new code once, to copy onto the kiosks; the API keeps only its hash.
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { userMessage } from '@/lib/api-client.ts';
import { useSetEnrolmentCode } from '../api/set-enrolment-code.ts';
import { DialogActions } from '@/components/ui/FormDialog.tsx';
import { newEnrolmentCode } from '../lib/enrolment-code.ts';

export function EnrolmentCodeButton(props: {
  locationId: string;
  businessName: string;
  rotate: boolean;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const mutation = useSetEnrolmentCode();
  const label = props.rotate ? 'Rotate enrolment code' : 'Create enrolment code';
  const create = () => {
    const next = newEnrolmentCode();
    mutation.mutate(
      { locationId: props.locationId, code: next },
      {
        onSuccess: () => {
          setCode(next);
          props.onDone();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCode(null);
          mutation.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`${label} for ${props.businessName}`}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={code ? `New code for ${props.businessName}` : `${label}?`}
        description={
          code
            ? 'Enter this code on each kiosk of the business. It is shown only now.'
            : props.rotate
              ? `The kiosks enrolled at ${props.businessName} stop working until they are enrolled again with the new code.`
              : `Kiosks at ${props.businessName} enrol with this code.`
        }
      >
        {code ? (
          <div className="grid gap-4">
            <p
              className="rounded-xl bg-cream-100 p-4 text-center font-mono text-2xl font-bold tracking-wider"
              aria-label={`Code ${code.split('').join(' ')}`}
            >
              {code}
            </p>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </div>
        ) : (
          <div className="grid gap-3">
            {mutation.error ? (
              <p
                role="alert"
                className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900"
              >
                {userMessage(mutation.error)}
              </p>
            ) : null}
            <DialogActions>
              <Button
                variant={props.rotate ? 'destructive' : 'primary'}
                onClick={create}
                disabled={mutation.isPending}
              >
                {props.rotate ? 'Rotate code' : 'Create code'}
              </Button>
            </DialogActions>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
