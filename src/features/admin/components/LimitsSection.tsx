// Programme tab, Limits: every private.settings value with its meaning, default and
// allowed range (GET /api/admin/settings); saved with PUT /api/admin/settings and in force for the
// next request. The range is checked here, by the API's zod and in SQL.
import { useId, useState, type FormEvent } from 'react';
import type { SettingField, SettingsResponse } from '@contract';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useAdminSettings, useUpdateSettings } from '../api/programme-settings.ts';
import { SaveRow, SettingsCard } from './SettingsCard.tsx';

export function LimitsSection() {
  const settings = useAdminSettings();
  return (
    <SettingsCard
      title="Limits"
      headingId="limits-heading"
      intro="The abuse limits of check-ins and sign-in codes. A change applies to the very next request. 0 turns a limit off."
      query={settings}
      what="the limits"
    >
      {settings.data ? <LimitsForm key={JSON.stringify(settings.data.values)} settings={settings.data} /> : null}
    </SettingsCard>
  );
}

function problemOf(field: SettingField, text: string): string | undefined {
  if (text.trim() === '' || !/^\d+$/.test(text.trim())) return `${field.label}: enter a whole number`;
  const value = Number(text);
  if (value < field.min || value > field.max) return `${field.label}: from ${field.min} to ${field.max}`;
  return undefined;
}

function LimitsForm(props: { settings: SettingsResponse }) {
  const id = useId();
  const save = useUpdateSettings();
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(props.settings.fields.map((field) => [field.key, String(props.settings.values[field.key])])),
  );
  const [shown, setShown] = useState(false);
  const problems = Object.fromEntries(props.settings.fields.map((field) => [field.key, problemOf(field, texts[field.key] ?? '')]));
  const changed = props.settings.fields.filter((field) => Number(texts[field.key]) !== props.settings.values[field.key]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.values(problems).some(Boolean) || changed.length === 0) return;
    save.mutate(Object.fromEntries(changed.map((field) => [field.key, Number(texts[field.key])])), {
      onSuccess: () => toast({ title: 'Limits saved', description: 'They apply from the next check-in or sign-in.' }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-5" aria-labelledby="limits-heading">
      <div className="grid gap-5 md:grid-cols-2">
        {props.settings.fields.map((field) => {
          const inputId = `${id}-${field.key}`;
          const problem = shown ? problems[field.key] : undefined;
          return (
            <div key={field.key}>
              <Label htmlFor={inputId}>{field.label}</Label>
              <div className="flex items-center gap-2">
                <Input
                  id={inputId}
                  inputMode="numeric"
                  className="max-w-32"
                  value={texts[field.key] ?? ''}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
                  onChange={(event) => setTexts((all) => ({ ...all, [field.key]: event.target.value }))}
                />
                <span className="text-sm text-bark-700">{field.unit}</span>
              </div>
              <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-bark-700">
                {field.meaning} Default {field.default}; {field.min} to {field.max}.
              </p>
              <FieldError id={`${inputId}-error`} message={problem} />
            </div>
          );
        })}
      </div>
      <SaveRow save={save} label="Save limits" nothingChanged={shown && changed.length === 0} />
    </form>
  );
}
