// A setting that is off, or N days: its checkbox, and while it is on the number of days with its
// problem in words (a reward's expiry, the "reward is waiting" reminder).
import { useId } from 'react';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';

export function OptionalDaysField(props: {
  /** The checkbox's words: "This reward expires if it is not used". */
  toggleLabel: string;
  /** The number's label: "Days after it unlocks". */
  daysLabel: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  /** The days as typed. */
  days: string;
  onDaysChange: (days: string) => void;
  max: number;
  problem?: string;
}) {
  const id = useId();
  const problem = props.problem;
  return (
    <>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={props.on}
          onChange={(e) => props.onToggle(e.target.checked)}
          className="size-5 accent-meadow-700"
        />
        {props.toggleLabel}
      </label>
      {props.on ? (
        <div className="w-64">
          <Label htmlFor={`${id}-days`}>{props.daysLabel}</Label>
          <Input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={props.max}
            value={props.days}
            onChange={(e) => props.onDaysChange(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-days-error` : undefined}
          />
          <FieldError id={`${id}-days-error`} message={problem} />
        </div>
      ) : null}
    </>
  );
}
