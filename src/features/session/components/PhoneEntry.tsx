// The phone form, written once for the kiosk check-in and /login (PRODUCT §2, §5): a phone input and
// its submit. An empty phone toasts 'Phone Required'; fewer than 10 digits says so under the
// field; otherwise `onSubmit` gets the 10 digits. `serverProblem` (the screen's, e.g. the API's
// answer to the last submit) shows under the field until a new local problem replaces it.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { FieldError, Label } from '@/components/ui/Input.tsx';
import { PhoneInput } from '@/components/ui/PhoneInput.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';
import { cn } from '@/lib/cn.ts';
import { PHONE_DIGITS } from '@/lib/phone.ts';

export interface PhoneEntryProps {
  /** The input's id (its error line is `${id}-error`). */
  id: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (phone: string) => void;
  serverProblem?: string;
  /** 'kiosk': the large type of a kiosk screen. */
  size?: 'default' | 'kiosk';
}

export function PhoneEntry(props: PhoneEntryProps) {
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const kiosk = props.size === 'kiosk';
  const shown = problem ?? props.serverProblem;
  const errorId = `${props.id}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone) {
      toast({
        title: 'Phone Required',
        description: 'Please enter your phone number.',
        variant: 'destructive',
      });
      return;
    }
    if (phone.length < PHONE_DIGITS) {
      setProblem('Please enter all 10 digits of your phone number.');
      return;
    }
    setProblem(undefined);
    props.onSubmit(phone);
  };
  return (
    <form noValidate onSubmit={submit} className={cn('grid', kiosk ? 'gap-5' : 'gap-4')}>
      <div>
        <Label htmlFor={props.id} className={kiosk ? 'text-xl' : undefined}>
          {props.label}
        </Label>
        <PhoneInput
          id={props.id}
          className={kiosk ? 'min-h-16 text-2xl' : undefined}
          value={phone}
          onChange={setPhone}
          aria-required="true"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
        />
        <FieldError id={errorId} message={shown} />
      </div>
      <Button
        type="submit"
        size="lg"
        className={kiosk ? 'min-h-16 text-2xl' : undefined}
        disabled={props.pending}
      >
        {props.pending ? <Spinner /> : null}
        {props.submitLabel}
      </Button>
    </form>
  );
}
