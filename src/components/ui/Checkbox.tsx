// A native checkbox with its label (and an optional hint) beside it; the label is part of the target.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export const Checkbox = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode }
>(function Checkbox({ label, hint, className, id, ...props }, ref) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn('flex gap-3', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-6 shrink-0 cursor-pointer rounded accent-meadow-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-meadow-700"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="block cursor-pointer py-0.5 text-bark-900">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="mt-2 text-bark-700">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});
