// The People tab (issue 21 §3): admins and business owners, added by phone and removed after a
// confirmation. An admin cannot remove themselves (another admin does) and the last admin stays;
// the API says why when it refuses.
import { useId, useState, type FormEvent } from 'react';
import type { LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { FieldError, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { formatPhone, PHONE_DIGITS } from '@/lib/phone.ts';
import {
  useAdmins,
  useGrantAdmin,
  useGrantOwner,
  useOwners,
  personOf,
  useRemoveAdmin,
  useRevokeOwner,
} from '../api/people.ts';
import { QueryState } from './QueryState.tsx';

const validPhone = (phone: string) => phone.length === PHONE_DIGITS && /^[2-9]/.test(phone);

function signedIn(person: { status: string; lastSignInAt: string | null }) {
  if (person.status === 'pending') return 'Not signed up yet: gets the role at sign-up';
  return person.lastSignInAt
    ? `Last signed in ${new Date(person.lastSignInAt).toLocaleDateString()}`
    : 'Never signed in';
}

export function PeopleTab(props: { locations: LocationList | undefined }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Admins />
      <Owners locations={props.locations} />
    </div>
  );
}

function Admins() {
  const query = useAdmins();
  const remove = useRemoveAdmin();
  const grant = useGrantAdmin();
  return (
    <Card className="grid content-start gap-3 p-5">
      <CardTitle>Admins</CardTitle>
      <p className="text-sm text-bark-700">
        Admins run the whole programme. You cannot remove yourself: ask another admin.
      </p>
      <QueryState
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.data?.length === 0}
        emptyText="No admins"
        what="the admins"
      >
        <ul className="grid gap-2 text-sm">
          {query.data?.map((admin) => (
            <li
              key={admin.userId ?? admin.phone}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 px-3 py-2"
            >
              <div>
                <p className="font-semibold text-bark-900">
                  {[admin.name, formatPhone(admin.phone)].filter(Boolean).join(' · ')}
                  {admin.you ? ' (you)' : ''}
                </p>
                <p className="text-bark-700">{signedIn(admin)}</p>
              </div>
              {admin.you ? null : (
                <ConfirmRemove
                  label={`Remove admin ${formatPhone(admin.phone)}`}
                  title={`Remove ${formatPhone(admin.phone)} as an admin?`}
                  description="This phone loses admin access and is signed out at once."
                  confirm="Remove admin"
                  pending={remove.isPending}
                  onConfirm={() =>
                    remove.mutate(personOf(admin), {
                      onSuccess: () =>
                        toast({
                          title: 'Admin removed',
                          description: `${formatPhone(admin.phone)} is no longer an admin.`,
                        }),
                      onError: (failure) =>
                        toast({
                          title: 'Error',
                          description: userMessage(failure),
                          variant: 'destructive',
                        }),
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      </QueryState>
      <PhoneForm
        label="Add an admin by phone"
        submit="Add admin"
        pending={grant.isPending}
        onSubmit={(phone, done) =>
          grant.mutate(phone, {
            onSuccess: (result) => {
              done();
              toast({
                title: 'Admin added',
                description:
                  result.status === 'pending'
                    ? `${formatPhone(result.phone)} becomes an admin when it signs up.`
                    : `${formatPhone(result.phone)} is an admin from its next sign-in.`,
              });
            },
            onError: (failure) => done(userMessage(failure)),
          })
        }
      />
    </Card>
  );
}

function Owners(props: { locations: LocationList | undefined }) {
  const query = useOwners();
  const revoke = useRevokeOwner();
  const grant = useGrantOwner();
  const id = useId();
  const [locationId, setLocationId] = useState('');
  const business = (lid: string) => props.locations?.find((l) => l.id === lid)?.businessName ?? lid;
  return (
    <Card className="grid content-start gap-3 p-5">
      <CardTitle>Business owners</CardTitle>
      <p className="text-sm text-bark-700">
        An owner signs in at /owner and sees only their business: its figures, monthly report,
        settlement line, staff phones and kiosks.
      </p>
      <QueryState
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.data?.length === 0}
        emptyText="No business owners yet"
        what="the business owners"
      >
        <ul className="grid gap-2 text-sm">
          {query.data?.map((owner) => (
            <li
              key={owner.userId ?? owner.phone}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 px-3 py-2"
            >
              <div>
                <p className="font-semibold text-bark-900">
                  {[owner.name, formatPhone(owner.phone)].filter(Boolean).join(' · ')}
                </p>
                <p className="text-bark-700">
                  Owner of {owner.businessName} · {signedIn(owner)}
                </p>
              </div>
              <ConfirmRemove
                label={`Remove owner ${formatPhone(owner.phone)}`}
                title={`Remove ${formatPhone(owner.phone)} as an owner of ${owner.businessName}?`}
                description="This phone loses the owner's view and is signed out at once."
                confirm="Remove owner"
                pending={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(
                    { locationId: owner.locationId, person: personOf(owner) },
                    {
                      onSuccess: () =>
                        toast({
                          title: 'Owner removed',
                          description: `${formatPhone(owner.phone)} is no longer an owner of ${owner.businessName}.`,
                        }),
                      onError: (failure) =>
                        toast({
                          title: 'Error',
                          description: userMessage(failure),
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </QueryState>
      <div>
        <Label htmlFor={`${id}-business`}>Business</Label>
        <select
          id={`${id}-business`}
          value={locationId}
          onChange={(event) => setLocationId(event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-xl border border-bark-300 bg-white px-3 text-bark-900"
        >
          <option value="">Choose a business</option>
          {props.locations?.map((location) => (
            <option key={location.id} value={location.id}>
              {location.businessName}
            </option>
          ))}
        </select>
      </div>
      <PhoneForm
        label="Add an owner by phone"
        submit="Add owner"
        pending={grant.isPending}
        onSubmit={(phone, done) => {
          if (!locationId) {
            done('Choose the business first');
            return;
          }
          grant.mutate(
            { locationId, phone },
            {
              onSuccess: (result) => {
                done();
                toast({
                  title: 'Owner added',
                  description:
                    result.status === 'pending'
                      ? `${formatPhone(result.phone)} becomes an owner of ${business(locationId)} when it signs up.`
                      : `${formatPhone(result.phone)} is an owner of ${business(locationId)} from its next sign-in.`,
                });
              },
              onError: (failure) => done(userMessage(failure)),
            },
          );
        }}
      />
    </Card>
  );
}

/** A phone field and a submit button; `done()` clears it, `done(message)` shows the problem. */
function PhoneForm(props: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (phone: string, done: (error?: string) => void) => void;
}) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validPhone(phone)) {
      setError('Enter a 10-digit US phone number');
      return;
    }
    setError(undefined);
    props.onSubmit(phone, (problem) => {
      if (problem) setError(problem);
      else setPhone('');
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <Label htmlFor={`${id}-phone`}>{props.label}</Label>
        <PhoneInput
          id={`${id}-phone`}
          value={phone}
          onChange={(digits) => {
            setPhone(digits);
            if (error) setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={props.pending}>
        {props.pending ? 'Adding…' : props.submit}
      </Button>
      <div className="basis-full" aria-live="polite">
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </form>
  );
}

function ConfirmRemove(props: {
  label: string;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive" aria-label={props.label}>
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="destructive" disabled={props.pending} onClick={props.onConfirm}>
              {props.confirm}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
