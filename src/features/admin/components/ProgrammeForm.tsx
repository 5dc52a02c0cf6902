// The Programme tab's form pieces: a labelled field with its error (aria-invalid and
// aria-describedby wired), and a hook that validates a form's values with the contract's zod
// schema before anything is sent, keeping one message per field.
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';

export type FieldErrors = Partial<Record<string, string>>;

/** Validates `values` with `schema`: the parsed values, or null after setting the field errors. */
export function useZodForm<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const validate = (values: unknown): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      next[key] ??= issue.message;
    }
    setErrors(next);
    return null;
  };
  return { errors, setErrors, validate };
}

export function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  required?: boolean;
  options?: readonly (readonly [value: string, label: string])[];
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    value: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described,
    'aria-required': props.required ? true : undefined,
  } as const;
  return (
    <div>
      <Label htmlFor={id}>
        {props.label}
        {props.required ? null : <span className="font-normal text-bark-700"> (optional)</span>}
      </Label>
      {props.options ? (
        <Select {...common} onChange={(event) => props.onChange(event.target.value)}>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      ) : props.multiline ? (
        <Textarea {...common} className="min-h-24" onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <Input
          {...common}
          autoFocus={props.autoFocus}
          placeholder={props.placeholder}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-bark-700">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}
