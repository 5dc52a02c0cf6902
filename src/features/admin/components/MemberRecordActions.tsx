// The member-record actions of the customer dialog: correct the name, correct the
// phone, suspend or unsuspend, adjust points — each with a reason — and forget the member, which
// asks for the word FORGET typed out. The API's own words are shown when it refuses.
import { useId, useState, type FormEvent } from 'react';
import type { AdminCustomerDetail } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { phoneDigits } from '@/lib/phone.ts';
import { useMemberAction, type MemberAction } from '../api/member-records.ts';
import { FormDialogContent } from '@/components/ui/FormDialog.tsx';

type Customer = AdminCustomerDetail['customer'];
const FORGET_WORD = 'FORGET';

interface ActionSpec {
  action: MemberAction;
  button: string;
  title: string;
  description: string;
  submit: string;
  done: string;
  destructive?: boolean;
  field?: { kind: 'name' | 'phone' | 'points'; label: string; hint?: string };
  confirmWord?: string;
}

function specs(customer: Customer): ActionSpec[] {
  const list: ActionSpec[] = [
    {
      action: 'name', button: 'Correct name', title: 'Correct the name',
      description: `Change how ${customer.name} is named everywhere in the programme.`,
      submit: 'Save name', done: 'Name corrected', field: { kind: 'name', label: 'New name' },
    },
    {
      action: 'phone', button: 'Correct phone', title: 'Correct the phone number',
      description: 'For a member who has a new number. They are signed out and sign in again with the new number.',
      submit: 'Save phone', done: 'Phone corrected', field: { kind: 'phone', label: 'New phone number', hint: '10 digits, US' },
    },
    {
      action: 'adjust-points', button: 'Adjust points', title: 'Adjust points',
      description: 'Add points, or take them away with a minus sign (for example -5). Rewards follow the new total.',
      submit: 'Adjust points', done: 'Points adjusted', field: { kind: 'points', label: 'Points to add or take away' },
    },
    customer.suspendedAt
      ? {
          action: 'unsuspend', button: 'Lift suspension', title: 'Lift the suspension',
          description: `${customer.name} will be able to check in and redeem again.`,
          submit: 'Lift suspension', done: 'Suspension lifted',
        }
      : {
          action: 'suspend', button: 'Suspend', title: 'Suspend this member',
          description: `${customer.name} will not be able to check in or redeem until the suspension is lifted. Their points stay.`,
          submit: 'Suspend member', done: 'Member suspended', destructive: true,
        },
    {
      action: 'forget', button: 'Forget member', title: 'Forget this member?',
      description:
        `Erases ${customer.name}'s name, phone, email and consents for good. Their visits and points stay in the ` +
        'totals and settlement, without a name. This cannot be undone.',
      submit: 'Forget member', done: 'Member forgotten', destructive: true, confirmWord: FORGET_WORD,
    },
  ];
  return list;
}

export function MemberRecordActions(props: { customer: Customer }) {
  if (props.customer.forgottenAt) {
    return (
      <p className="mt-4 rounded-xl bg-cream-50 p-3 text-sm text-bark-700">
        This member was forgotten on {new Date(props.customer.forgottenAt).toLocaleDateString()}. Their name and
        phone were erased; their visits and points remain in the totals.
      </p>
    );
  }
  return (
    <section aria-label="Member record" className="mt-4">
      {props.customer.suspendedAt ? (
        <p role="status" className="mb-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          Suspended since {new Date(props.customer.suspendedAt).toLocaleDateString()}: {props.customer.suspensionReason}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {specs(props.customer).map((spec) => (
          <ActionDialog key={spec.action} spec={spec} customerId={props.customer.id} />
        ))}
      </div>
    </section>
  );
}

function ActionDialog(props: { spec: ActionSpec; customerId: string }) {
  const { spec } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMemberAction();

  const reset = () => {
    setValue('');
    setReason('');
    setConfirm('');
    setError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const field = spec.field?.kind;
    if (field === 'name' && !value.trim()) return setError('Enter the new name.');
    if (field === 'phone' && phoneDigits(value).length !== 10) return setError('Enter a 10-digit phone number.');
    const points = Number(value);
    if (field === 'points' && (!Number.isInteger(points) || points === 0 || Math.abs(points) > 1000)) {
      return setError('Enter a whole number between -1000 and 1000, not 0.');
    }
    if (reason.trim().length < 3) return setError('Say why (at least 3 characters).');
    if (spec.confirmWord && confirm.trim() !== spec.confirmWord) {
      return setError(`Type ${spec.confirmWord} to confirm.`);
    }
    mutation.mutate(
      {
        customerId: props.customerId,
        action: spec.action,
        reason: reason.trim(),
        name: field === 'name' ? value.trim() : undefined,
        phone: field === 'phone' ? phoneDigits(value) : undefined,
        points: field === 'points' ? points : undefined,
      },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
          toast({ title: spec.done });
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
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={spec.destructive ? 'destructive' : 'secondary'}>{spec.button}</Button>
      </DialogTrigger>
      <FormDialogContent
        title={spec.title}
        description={spec.description}
        onSubmit={submit}
        submitLabel={spec.submit}
        submitVariant={spec.destructive ? 'destructive' : 'primary'}
        pending={mutation.isPending}
      >
        {spec.field ? (
          <div>
            <Label htmlFor={`${id}-value`}>{spec.field.label}</Label>
            <Input
              id={`${id}-value`}
              value={value}
              inputMode={spec.field.kind === 'name' ? 'text' : spec.field.kind === 'phone' ? 'tel' : 'numeric'}
              autoComplete="off"
              maxLength={spec.field.kind === 'name' ? 100 : 20}
              onChange={(event) => setValue(event.target.value)}
              aria-describedby={spec.field.hint ? `${id}-hint` : undefined}
            />
            {spec.field.hint ? (
              <p id={`${id}-hint`} className="mt-1 text-sm text-bark-700">
                {spec.field.hint}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-20"
          />
        </div>
        {spec.confirmWord ? (
          <div>
            <Label htmlFor={`${id}-confirm`}>Type {spec.confirmWord} to confirm</Label>
            <Input
              id={`${id}-confirm`}
              value={confirm}
              autoComplete="off"
              onChange={(event) => setConfirm(event.target.value)}
            />
          </div>
        ) : null}
        <div aria-live="polite">
          <FieldError id={`${id}-error`} message={error} />
        </div>
      </FormDialogContent>
    </Dialog>
  );
}
