// The app's form and confirmation dialogs share one frame: a title and what will happen, the
// fields (if any), then Cancel beside the one action. A form dialog submits (Enter works, the
// dialog stays open to show a refusal); a confirmation closes as its action starts and reports
// through a toast.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './Dialog.tsx';
import { FieldError, Label, Textarea } from './Input.tsx';

type Variant = 'primary' | 'secondary' | 'destructive';

/** The footer every such dialog has: Cancel, then the dialog's own action(s). */
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

/**
 * A dialog opened from its trigger that shows a problem: `rootProps` go on `<Dialog>`, and opening
 * or closing it clears the problem.
 */
export function useDialogProblem() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  return {
    open,
    setOpen,
    error,
    setError,
    rootProps: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next);
        setError(undefined);
      },
    },
  };
}

/** The reason an audited correction asks for (at most 500 characters), with its problem under it. */
export function ReasonField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** "Reason" unless said otherwise ("Reason (optional)"). */
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={`${id}-reason`}>{props.label ?? 'Reason'}</Label>
      <Textarea
        id={`${id}-reason`}
        value={props.value}
        maxLength={500}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="min-h-20"
      />
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

/** What a reason dialog's submit gets beside the reason: close it (done), or show a refusal. */
export interface ReasonDialogControl {
  /** The action succeeded: close the dialog and forget the reason. */
  done: () => void;
  /** The action was refused: say why under the reason; the dialog stays open. */
  fail: (message: string) => void;
}

/**
 * A dialog opened by `trigger` that asks for a reason, then submits it (trimmed) with the
 * destructive action. With `missingReason` a blank reason is refused with those words.
 */
export function ReasonDialog(props: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  missingReason?: string;
  reasonLabel?: string;
  placeholder?: string;
  onSubmit: (reason: string, control: ReasonDialogControl) => void;
}) {
  const dialog = useDialogProblem();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.missingReason && !reason.trim()) {
      dialog.setError(props.missingReason);
      return;
    }
    props.onSubmit(reason.trim(), {
      done: () => {
        dialog.setOpen(false);
        setReason('');
      },
      fail: dialog.setError,
    });
  };
  return (
    <Dialog {...dialog.rootProps}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <FormDialogContent
        title={props.title}
        description={props.description}
        onSubmit={submit}
        submitLabel={props.submitLabel}
        submitVariant="destructive"
        pending={props.pending}
      >
        <ReasonField
          value={reason}
          onChange={setReason}
          error={dialog.error}
          label={props.reasonLabel}
          placeholder={props.placeholder}
        />
      </FormDialogContent>
    </Dialog>
  );
}
