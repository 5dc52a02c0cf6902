// The sign-in code entry, written once for mobile and login (PRODUCT §2, §5): a 6-digit code input,
// submit and resend. `rule` picks the screen's validation toast: 'six-digits' (mobile: submit is
// disabled until 6 digits) or 'required' (login: an empty code says 'Code Required').
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { CODE_LENGTH, CodeInput } from '@/components/ui/CodeInput.tsx';
import { Label } from '@/components/ui/Input.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { toast } from '@/components/ui/toast.ts';

export interface CodeEntryProps {
  rule: 'six-digits' | 'required';
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => void;
  /** Omit to hide the resend line. */
  onResend?: () => void;
  resendPending?: boolean;
  /** The resend waits until then (epoch ms): the link counts down instead ("Resend in 42 s"). */
  resendAvailableAt?: number | null;
  label?: string;
}

/** Whole seconds until `at`, ticking each second; 0 once it has passed. */
function useSecondsUntil(at: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const stop = window.setTimeout(() => window.clearInterval(tick), at - Date.now() + 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(tick);
      window.clearTimeout(stop);
    };
  }, [at]);
  return at ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
}

export function CodeEntry(props: CodeEntryProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const complete = code.length === CODE_LENGTH;
  const resendWait = useSecondsUntil(props.resendAvailableAt);
  const tooShort = () =>
    toast({
      title: 'Invalid Code',
      description: 'Please enter the 6-digit verification code.',
      variant: 'destructive',
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.rule === 'six-digits' && !complete) {
      tooShort();
      return;
    }
    if (props.rule === 'required' && code.length === 0) {
      toast({
        title: 'Code Required',
        description: 'Please enter the verification code.',
        variant: 'destructive',
      });
      return;
    }
    props.onSubmit(code);
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div>
        <Label htmlFor={`${id}-code`}>{props.label ?? 'Verification code'}</Label>
        <CodeInput
          id={`${id}-code`}
          value={code}
          onChange={setCode}
          autoFocus
          onKeyDown={(event) => {
            // The disabled button blocks Enter's implicit submit: say why instead of doing nothing.
            if (event.key === 'Enter' && props.rule === 'six-digits' && !complete) {
              event.preventDefault();
              tooShort();
            }
          }}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={props.pending || (props.rule === 'six-digits' && !complete)}
      >
        {props.pending ? <Spinner /> : null}
        {props.submitLabel}
      </Button>
      {props.onResend ? (
        <p className="text-center text-sm text-bark-700">
          Didn't receive code?{' '}
          <Button
            variant="ghost"
            className="px-2 text-meadow-800 underline"
            onClick={props.onResend}
            disabled={props.resendPending || resendWait > 0}
          >
            {resendWait > 0 ? `Resend in ${resendWait} s` : 'Resend'}
          </Button>
        </p>
      ) : null}
    </form>
  );
}
