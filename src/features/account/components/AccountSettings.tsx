// The member's own details and data on /account: change the name, change the phone
// (a code goes to the new number and proves it), turn texts on or off (the wording shown is what is
// recorded), download everything stored as a JSON file, and delete the account.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SMS_CONSENT_TEXT, SMS_OPT_OUT_TEXT } from '../../../../supabase/functions/_shared/contract/constants.ts';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { Checkbox } from '@/components/ui/Checkbox.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { useDialogProblem } from '@/components/ui/FormDialog.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { formatPhone } from '@/lib/phone.ts';
import {
  useConfirmPhone,
  useDeleteMyAccount,
  useDownloadMyData,
  useMyDetails,
  useSendPhoneCode,
  useSetMySmsConsent,
  useUpdateMyName,
} from '../api/my-data.ts';

export function AccountSettings(props: { onDeleted: () => void }) {
  const details = useMyDetails();
  if (details.isPending) return <p className="text-bark-700">Loading your details...</p>;
  if (details.isError || !details.data) {
    return (
      <p role="alert" className="text-red-800">
        {"We couldn't load your details. Please try again."}
      </p>
    );
  }
  const { name, phone, smsConsent, smsConsentPending, suspended } = details.data;
  return (
    <>
      {suspended ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          {"This membership is suspended. Please speak to the programme's operator."}
        </p>
      ) : null}
      <Card>
        <CardTitle>Your details</CardTitle>
        <div className="mt-4 grid gap-6">
          <NameForm current={name} />
          <PhoneForm current={phone} />
          <TextsChoice on={smsConsent} pending={smsConsentPending} />
        </div>
      </Card>
      <Card>
        <CardTitle>Your data</CardTitle>
        <p className="mt-2 text-bark-700">
          Download everything Village Rewards keeps about you, or delete your account. Deleting erases your name,
          phone and choices; your past visits stay in the businesses&apos; totals without your name.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <DownloadButton />
          <DeleteAccount onDeleted={props.onDeleted} />
        </div>
      </Card>
    </>
  );
}

function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      <div aria-live="polite">
        <FieldError id={`${props.id}-error`} message={props.error} />
      </div>
    </div>
  );
}

function NameForm(props: { current: string }) {
  const id = useId();
  const [name, setName] = useState(props.current);
  const [error, setError] = useState<string>();
  const update = useUpdateMyName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter your name.');
    setError(undefined);
    update.mutate(name, {
      onSuccess: (saved) => {
        setName(saved.name);
        toast({ title: 'Name saved' });
      },
      onError: (failure) => setError(userMessage(failure)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Field id={`${id}-name`} label="Name" error={error}>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
        />
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={update.isPending || name.trim() === props.current}>
          Save name
        </Button>
      </div>
    </form>
  );
}

function PhoneForm(props: { current: string }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhone();

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (phone.length !== 10) return setError('Enter a 10-digit phone number.');
    setError(undefined);
    send.mutate(phone, {
      onSuccess: () => setSentTo(phone),
      onError: (failure) => setError(userMessage(failure)),
    });
  };
  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from the text.');
    setError(undefined);
    confirm.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          toast({ title: 'Phone number changed', description: `Your account now uses ${formatPhone(sentTo)}.` });
          setSentTo(null);
          setPhone('');
          setCode('');
        },
        onError: (failure) => setError(userMessage(failure)),
      },
    );
  };

  if (sentTo) {
    return (
      <form noValidate onSubmit={confirmCode} className="grid gap-2">
        <Field id={`${id}-code`} label={`Code texted to ${formatPhone(sentTo)}`} error={error}>
          <Input
            id={`${id}-code`}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : undefined}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            Confirm new number
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setCode('');
              setError(undefined);
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={sendCode} className="grid gap-2">
      <p className="text-sm text-bark-700">
        Phone number: <strong className="text-bark-900">{formatPhone(props.current)}</strong>
      </p>
      <Field id={`${id}-phone`} label="New phone number" error={error}>
        <PhoneInput
          id={`${id}-phone`}
          value={phone}
          onChange={setPhone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-phone-error` : undefined}
        />
      </Field>
      <p className="text-sm text-bark-700">We text a code to the new number to check it is yours.</p>
      <div>
        <Button type="submit" variant="secondary" disabled={send.isPending}>
          Send code to new number
        </Button>
      </div>
    </form>
  );
}

// Texts go only once the phone confirmed the choice: a box ticked when joining waits ("pending
// confirmation") for a reply YES to our text; ticking it here, signed in by a code sent to this
// phone, confirms it.
function textsHint(on: boolean, pending: boolean): string {
  if (on) return `Untick to stop: "${SMS_OPT_OUT_TEXT}"`;
  if (pending) return 'Pending confirmation: reply YES to our text, or tick the box to confirm. No texts until then.';
  return 'Texts are off. Tick to turn them on.';
}

function TextsChoice(props: { on: boolean; pending: boolean }) {
  // The box follows the click at once; a refusal puts it back.
  const [on, setOn] = useState(props.on);
  const set = useSetMySmsConsent();
  return (
    <fieldset className="grid gap-2">
      <legend className="font-semibold text-bark-900">Texts</legend>
      <Checkbox
        checked={on}
        disabled={set.isPending}
        label={SMS_CONSENT_TEXT}
        hint={textsHint(on, props.pending && !set.isSuccess)}
        onChange={(event) => {
          const next = event.target.checked;
          setOn(next);
          set.mutate(next, {
            onSuccess: (saved) => toast({ title: saved.smsConsent ? 'Texts turned on' : 'Texts turned off' }),
            onError: (failure) => {
              setOn(!next);
              toast({ title: 'Not saved', description: userMessage(failure), variant: 'destructive' });
            },
          });
        }}
      />
    </fieldset>
  );
}

function DownloadButton() {
  const download = useDownloadMyData();
  return (
    <Button
      variant="secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: () => toast({ title: 'Your data was downloaded' }),
          onError: (failure) => toast({ title: 'Download failed', description: userMessage(failure), variant: 'destructive' }),
        })
      }
    >
      Download my data
    </Button>
  );
}

function DeleteAccount(props: { onDeleted: () => void }) {
  const { setOpen, error, setError, rootProps } = useDialogProblem();
  const remove = useDeleteMyAccount();
  return (
    <Dialog {...rootProps}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="Your name, phone number and texting choices are erased and you are signed out. Your points and rewards are gone for good. This cannot be undone. You can join again later as a new member."
      >
        <div aria-live="polite">
          <FieldError id="delete-account-error" message={error} />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Keep my account</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  props.onDeleted();
                },
                onError: (failure) => setError(userMessage(failure)),
              })
            }
          >
            Yes, delete my account
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
