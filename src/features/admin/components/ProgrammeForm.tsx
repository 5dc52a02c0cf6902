// The Programme tab's form pieces: a labelled field with its error (aria-invalid and
// aria-describedby wired), and a hook that validates a form's values with the contract's zod
// schema before anything is sent, keeping one message per field.
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import { QueryView, type QueryLike } from './QueryState.tsx';

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

/**
 * A form dialog's state: whether it is open, and its values, set afresh from `initial` (with the
 * problems cleared) each time it opens. `rootProps` go on its `<Dialog>`.
 */
export function useFormDialog<V extends Record<string, string>, S extends z.ZodType>(schema: S, initial: () => V) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<V>(initial);
  const form = useZodForm(schema);
  const set = (key: keyof V) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const rootProps = {
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (next) {
        setValues(initial());
        form.setErrors({});
      }
    },
  };
  return { setOpen, values, set, form, rootProps };
}

/**
 * A catalogue list of the Programme tab (businesses, rewards): its heading, what it holds and its
 * Add button, then the rows (`list`, labelled by the title) or the query's states; `children` follow.
 */
export function CatalogueSection(props: {
  headingId: string;
  title: string;
  intro: ReactNode;
  add: ReactNode;
  query: QueryLike;
  empty: boolean;
  emptyText: string;
  what: string;
  list: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={props.headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={props.headingId} className="font-display text-xl font-bold text-bark-900">
            {props.title}
          </h3>
          <p className="text-sm text-bark-700">{props.intro}</p>
        </div>
        {props.add}
      </div>
      <QueryView query={props.query} emptyText={props.emptyText} empty={props.empty} what={props.what}>
        <ul className="grid gap-3" aria-label={props.title}>
          {props.list}
        </ul>
      </QueryView>
      {props.children}
    </section>
  );
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
