// The counter's scanner input: a USB scanner types the QR value and presses Enter; staff can
// type or paste a code too (a member card, a check-in code or a member's redemption code), or a
// member's name or phone number to find them when their phone is flat.
// Labelled, focused on load (a scanner's first scan must land), submits on Enter.
import { forwardRef, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { scanKind } from '../lib/scan-kind.ts';

export const ScanInput = forwardRef<
  HTMLInputElement,
  { onScan: (value: string) => void; pending: boolean; disabled?: boolean; autoFocus?: boolean }
>(function ScanInput(props, ref) {
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scanned = value.trim();
    if (!scanned || props.pending) return;
    props.onScan(scanned);
    setValue('');
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Scan a member code">
      <div>
        <Label htmlFor={`${id}-scan`}>Scan or type a member code</Label>
        <Input
          ref={ref}
          id={`${id}-scan`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoFocus={props.autoFocus}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Scan or type a code"
          className="min-h-14 text-lg"
          disabled={props.disabled}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-bark-700">
          A member card, a check-in code or a 6-character redemption code. A USB scanner fills
          this in and presses Enter for you. Phone flat? Type the member's name or phone number.
        </p>
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={props.pending || props.disabled || !value.trim()}
      >
        {props.pending
          ? 'Working…'
          : scanKind(value) === 'redemption'
            ? 'Check redemption code'
            : scanKind(value) === 'search'
              ? 'Find member'
              : 'Approve visit'}
      </Button>
    </form>
  );
});
