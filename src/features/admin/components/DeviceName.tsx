// The name the operator gives a kiosk or a staff phone, with Rename for admins: an
// inline field (at most 60 characters; empty clears it), saved through the API, which checks and
// audits it. Visits and redemptions then say this name for who served.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { ApiError, userMessage } from '@/lib/api-client.ts';

export function DeviceName(props: {
  name: string | null;
  /** What it is, for labels: "kiosk" or "staff phone". */
  what: string;
  /** Shown when it has no name yet. */
  fallback: string;
  canRename: boolean;
  save: (name: string, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  saving: boolean;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(props.name ?? '');
  const [error, setError] = useState<string | undefined>();
  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-bark-900">{props.name ?? props.fallback}</p>
        {props.canRename ? (
          <Button
            variant="secondary"
            className="min-h-9 px-3 py-1 text-sm"
            aria-label={`${props.name ? 'Rename' : 'Name'} ${props.what} ${props.name ?? props.fallback}`}
            onClick={() => {
              setText(props.name ?? '');
              setError(undefined);
              setEditing(true);
            }}
          >
            {props.name ? 'Rename' : 'Name'}
          </Button>
        ) : null}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length > 60) return setError('The name is at most 60 characters');
    props.save(text.trim(), {
      onSuccess: () => {
        setEditing(false);
        toast({ title: text.trim() ? `Named ${text.trim()}` : 'Name cleared', description: `Visits and redemptions show who served by this ${props.what}'s name.` });
      },
      onError: (failure) => setError((failure instanceof ApiError && failure.fields?.name?.[0]) || userMessage(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={`${id}-name`}>Name of this {props.what}</Label>
        <Input
          id={`${id}-name`}
          value={text}
          maxLength={80}
          autoFocus
          placeholder={props.what === 'kiosk' ? 'Front counter tablet' : 'Maria'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <Button type="submit" disabled={props.saving}>
        {props.saving ? 'Saving…' : 'Save name'}
      </Button>
      <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
