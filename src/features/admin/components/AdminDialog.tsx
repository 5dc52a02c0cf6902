// The admin's dialogs share one frame: a title and what will happen, the fields (if any), then
// Cancel beside the one action. A form dialog submits (Enter works, the dialog stays open to show
// a refusal); a confirmation closes as its action starts and reports through a toast.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { FieldError, Label, Textarea } from '@/components/ui/Input.tsx';

type Variant = 'primary' | 'secondary' | 'destructive';

/** The footer every admin dialog has: Cancel, then the dialog's own action(s). */
export function DialogActions(props: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      {props.children}
    </div>
  );
}

/** A problem with the whole form (the API's refusal), read out as it appears. */
export function FormProblem(props: { message: string | undefined }) {
  return props.message ? (
    <p role="alert" className="text-sm font-medium text-red-800">
      {props.message}
    </p>
  ) : null;
}

/** A dialog's content as a form: its fields, then Cancel and the submit button. */
export function FormDialogContent(props: {
  title: string;
  description?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  submitLabel: ReactNode;
  submitVariant?: Variant;
  pending: boolean;
  /** Shown above the buttons (role=alert) when set. */
  formError?: string;
  children: ReactNode;
}) {
  return (
    <DialogContent title={props.title} description={props.description}>
      <form noValidate onSubmit={props.onSubmit} className="grid gap-4">
        {props.children}
        <FormProblem message={props.formError} />
        <DialogActions>
          <Button type="submit" variant={props.submitVariant} disabled={props.pending}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </DialogContent>
  );
}

/** A yes-or-no dialog opened by `trigger`; the action closes it as it starts. */
export function ConfirmDialog(props: {
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  confirmLabel: ReactNode;
  variant?: Variant;
  pending: boolean;
  onConfirm: () => void;
  /** Fields above the buttons (a reason, say). */
  children?: ReactNode;
}) {
  const actions = (
    <DialogActions>
      <DialogClose asChild>
        <Button
          variant={props.variant ?? 'destructive'}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </DialogClose>
    </DialogActions>
  );
  return (
    <Dialog>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        {props.children ? (
          <div className="grid gap-4">
            {props.children}
            {actions}
          </div>
        ) : (
          actions
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The reason an audited correction asks for (at most 500 characters), with its problem under it. */
export function ReasonField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={`${id}-reason`}>Reason</Label>
      <Textarea
        id={`${id}-reason`}
        value={props.value}
        maxLength={500}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="min-h-20"
      />
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}
