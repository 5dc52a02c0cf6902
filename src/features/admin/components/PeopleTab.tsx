// The People tab: admins and business owners, added by phone and removed after a
// confirmation. An admin cannot remove themselves (another admin does) and the last admin stays;
// the API says why when it refuses.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
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
import { ConfirmDialog } from '@/components/ui/FormDialog.tsx';
import { QueryView } from './QueryState.tsx';
import { BusinessOptions } from './BusinessOptions.tsx';

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

type Person = {
  userId: string | null;
  phone: string;
  name: string | null;
  status: string;
  lastSignInAt: string | null;
};

/**
 * One card of people holding a role: who they are and when they last signed in, a Remove (after a
 * confirmation) on each, and a phone form to add one. Admins and owners differ only in words.
 */
function PeopleList<P extends Person>(props: {
  title: string;
  intro: string;
  query: { data: P[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
  what: string;
  /** The second line of a row. */
  detail: (person: P) => string;
  /** A row without Remove (the admin looking at the list). */
  you?: (person: P) => boolean;
  remove: {
    title: (person: P) => string;
    description: string;
    confirm: string;
    pending: boolean;
    onConfirm: (person: P) => void;
  };
  /** Fields the add form needs besides the phone (the owner's business). */
  children?: ReactNode;
  add: { label: string; submit: string; pending: boolean; onSubmit: PhoneFormSubmit };
}) {
  const role = props.remove.confirm.replace(/^Remove /, '');
  return (
    <Card className="grid content-start gap-3 p-5">
      <CardTitle>{props.title}</CardTitle>
      <p className="text-sm text-bark-700">{props.intro}</p>
      <QueryView query={props.query} emptyText={props.emptyText} what={props.what}>
        <ul className="grid gap-2 text-sm">
          {props.query.data?.map((person) => {
            const you = props.you?.(person) ?? false;
            return (
              <li
                key={person.userId ?? person.phone}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 px-3 py-2"
              >
                <div>
                  <p className="font-semibold text-bark-900">
                    {[person.name, formatPhone(person.phone)].filter(Boolean).join(' · ')}
                    {you ? ' (you)' : ''}
                  </p>
                  <p className="text-bark-700">{props.detail(person)}</p>
                </div>
                {you ? null : (
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="destructive"
                        aria-label={`Remove ${role} ${formatPhone(person.phone)}`}
                      >
                        Remove
                      </Button>
                    }
                    title={props.remove.title(person)}
                    description={props.remove.description}
                    confirmLabel={props.remove.confirm}
                    pending={props.remove.pending}
                    onConfirm={() => props.remove.onConfirm(person)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </QueryView>
      {props.children}
      <PhoneForm {...props.add} />
    </Card>
  );
}

/** The toast of a refused removal. */
const removalFailed = (failure: unknown) =>
  toast({ title: 'Error', description: userMessage(failure), variant: 'destructive' });

function Admins() {
  const query = useAdmins();
  const remove = useRemoveAdmin();
  const grant = useGrantAdmin();
  return (
    <PeopleList
      title="Admins"
      intro="Admins run the whole programme. You cannot remove yourself: ask another admin."
      query={query}
      emptyText="No admins"
      what="the admins"
      detail={signedIn}
      you={(admin) => admin.you}
      remove={{
        title: (admin) => `Remove ${formatPhone(admin.phone)} as an admin?`,
        description: 'This phone loses admin access and is signed out at once.',
        confirm: 'Remove admin',
        pending: remove.isPending,
        onConfirm: (admin) =>
          remove.mutate(personOf(admin), {
            onSuccess: () =>
              toast({
                title: 'Admin removed',
                description: `${formatPhone(admin.phone)} is no longer an admin.`,
              }),
            onError: removalFailed,
          }),
      }}
      add={{
        label: 'Add an admin by phone',
        submit: 'Add admin',
        pending: grant.isPending,
        onSubmit: (phone, done) =>
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
          }),
      }}
    />
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
    <PeopleList
      title="Business owners"
      intro="An owner signs in at /owner and sees only their business: its figures, monthly report, settlement line, staff phones and kiosks."
      query={query}
      emptyText="No business owners yet"
      what="the business owners"
      detail={(owner) => `Owner of ${owner.businessName} · ${signedIn(owner)}`}
      remove={{
        title: (owner) =>
          `Remove ${formatPhone(owner.phone)} as an owner of ${owner.businessName}?`,
        description: "This phone loses the owner's view and is signed out at once.",
        confirm: 'Remove owner',
        pending: revoke.isPending,
        onConfirm: (owner) =>
          revoke.mutate(
            { locationId: owner.locationId, person: personOf(owner) },
            {
              onSuccess: () =>
                toast({
                  title: 'Owner removed',
                  description: `${formatPhone(owner.phone)} is no longer an owner of ${owner.businessName}.`,
                }),
              onError: removalFailed,
            },
          ),
      }}
      add={{
        label: 'Add an owner by phone',
        submit: 'Add owner',
        pending: grant.isPending,
        onSubmit: (phone, done) => {
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
        },
      }}
    >
      <div>
        <Label htmlFor={`${id}-business`}>Business</Label>
        <select
          id={`${id}-business`}
          value={locationId}
          onChange={(event) => setLocationId(event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-xl border border-bark-300 bg-white px-3 text-bark-900"
        >
          <BusinessOptions businesses={props.locations} none="Choose a business" />
        </select>
      </div>
    </PeopleList>
  );
}

type PhoneFormSubmit = (phone: string, done: (error?: string) => void) => void;

/** A phone field and a submit button; `done()` clears it, `done(message)` shows the problem. */
function PhoneForm(props: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: PhoneFormSubmit;
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
