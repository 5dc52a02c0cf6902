// One business's staff phones on the Locations tab: add a phone (it becomes staff at its next
// sign-in, or when it signs up), list them, remove one after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogContent } from '@/components/ui/Dialog.tsx';
import { FieldError, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { formatPhone, PHONE_DIGITS } from '@/lib/phone.ts';
import type { StaffMember } from '@contract';
import { personOf } from '../api/people.ts';
import { useNamePendingStaff, useNameStaff } from '../api/revoke-kiosk.ts';
import { useGrantStaff, useRevokeStaff, useStaff } from '../api/staff.ts';
import { ConfirmDialog, DialogActions } from '@/components/ui/FormDialog.tsx';
import { DeviceName } from './DeviceName.tsx';
import { QueryView } from './QueryState.tsx';

export function StaffList(props: {
  locationId: string;
  businessName: string;
  /** Admins name staff phones; a business owner's view shows the names. */
  canName?: boolean;
}) {
  const query = useStaff(props.locationId);
  const name = useNameStaff();
  const namePending = useNamePendingStaff();
  // Here, not in the row: the row is gone (refetched away) before a row's own mutate callbacks would run.
  const revoke = useRevokeStaff();
  const remove = (member: StaffMember) => {
    const shown = formatPhone(member.phone);
    revoke.mutate(
      { locationId: props.locationId, person: personOf(member) },
      {
        onSuccess: () =>
          toast({
            title: 'Staff phone removed',
            description: `${shown} no longer has staff access at ${props.businessName}.`,
          }),
        onError: (failure) =>
          toast({ title: 'Error', description: userMessage(failure), variant: 'destructive' }),
      },
    );
  };
  return (
    <section aria-labelledby={`staff-${props.locationId}`} className="grid gap-2">
      <h4 id={`staff-${props.locationId}`} className="text-sm font-semibold text-bark-900">
        Staff phones
      </h4>
      <QueryView
        query={query}
        emptyText="No staff phones for this business yet"
        what="the staff phones"
      >
        <ul className="grid gap-2 text-sm">
          {query.data?.map((member) => (
            <li
              key={member.userId ?? member.phone}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 px-3 py-2"
            >
              <div>
                <DeviceName
                  name={member.name}
                  what="staff phone"
                  fallback={formatPhone(member.phone)}
                  canRename={props.canName !== false}
                  saving={member.userId ? name.isPending : namePending.isPending}
                  save={(text, callbacks) =>
                    member.userId
                      ? name.mutate({ locationId: props.locationId, userId: member.userId, name: text }, callbacks)
                      : // A phone that has not signed in yet: named now, the name is theirs at sign-in.
                        namePending.mutate({ locationId: props.locationId, phone: member.phone, name: text }, callbacks)
                  }
                />
                {member.name ? <p className="text-bark-700">{formatPhone(member.phone)}</p> : null}
                <p className="text-bark-700">
                  {member.status === 'pending'
                    ? 'Not signed up yet: becomes staff at sign-up'
                    : member.lastSignInAt
                      ? `Last signed in ${new Date(member.lastSignInAt).toLocaleDateString()}`
                      : 'Never signed in'}
                </p>
              </div>
              <RemoveStaffButton
                businessName={props.businessName}
                phone={member.phone}
                pending={revoke.isPending}
                onConfirm={() => remove(member)}
              />
            </li>
          ))}
        </ul>
      </QueryView>
      <AddStaffForm locationId={props.locationId} businessName={props.businessName} />
    </section>
  );
}

function AddStaffForm(props: { locationId: string; businessName: string }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The API says first when the phone is a member's: the sentence to confirm, until answered.
  const [memberQuestion, setMemberQuestion] = useState<string | undefined>();
  const grant = useGrantStaff();
  const send = (memberConfirmed: boolean) =>
    grant.mutate(
      { locationId: props.locationId, phone, memberConfirmed },
      {
        onSuccess: (result) => {
          if (result.status === 'needs_confirmation') {
            setMemberQuestion(result.question ?? 'This phone belongs to a member. Add them as staff?');
            return;
          }
          setPhone('');
          setMemberQuestion(undefined);
          toast({
            title: 'Staff phone added',
            description:
              result.status === 'pending'
                ? `${formatPhone(result.phone)} becomes staff at ${props.businessName} when it signs up.`
                : `${formatPhone(result.phone)} is staff at ${props.businessName} from its next sign-in.`,
          });
        },
        onError: (failure) => {
          setMemberQuestion(undefined);
          setError(userMessage(failure));
          toast({ title: 'Error', description: userMessage(failure), variant: 'destructive' });
        },
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phone.length !== PHONE_DIGITS || !/^[2-9]/.test(phone)) {
      setError('Enter a 10-digit US phone number');
      return;
    }
    setError(undefined);
    send(false);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <Label htmlFor={`${id}-phone`}>Add a staff phone at {props.businessName}</Label>
        <PhoneInput
          id={`${id}-phone`}
          value={phone}
          onChange={(digits) => {
            setPhone(digits);
            setMemberQuestion(undefined);
            if (error) setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={grant.isPending}>
        {grant.isPending ? 'Adding…' : 'Add staff'}
      </Button>
      <div className="basis-full" aria-live="polite">
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <Dialog open={memberQuestion !== undefined} onOpenChange={(open) => !open && setMemberQuestion(undefined)}>
        <DialogContent title={`${formatPhone(phone)} is a member`} description={memberQuestion ?? ''}>
          <DialogActions>
            <Button disabled={grant.isPending} onClick={() => send(true)}>
              Add as staff
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </form>
  );
}

function RemoveStaffButton(props: {
  businessName: string;
  phone: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const shown = formatPhone(props.phone);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" aria-label={`Remove staff phone ${shown}`}>
          Remove
        </Button>
      }
      title={`Remove ${shown}?`}
      description={`This phone loses staff access at ${props.businessName} and is signed out at once.`}
      confirmLabel="Remove staff"
      pending={props.pending}
      onConfirm={props.onConfirm}
    />
  );
}
