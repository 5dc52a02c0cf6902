// Programme tab, "Bring a neighbour": the bonus each of the two gets at the neighbour's first
// approved visit (0: off, the default), at most so many bonuses per member per month, and how many
// neighbours joining with one code in a day flag the member on the Flags tab. Saved with
// PUT /api/admin/referrals (audited), in force from the next approval; bonuses paid stay.
import { useId, useState, type FormEvent } from 'react';
import type { ReferralSettings } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useReferralSettings, useUpdateReferralSettings } from '../api/referrals.ts';

const FIELDS = [
  { key: 'bonusPoints', label: 'Bonus points for each of the two', hint: 'Given to both at the neighbour\'s first approved visit. 0 turns the bonus off.', max: 1000 },
  { key: 'bonusesPerMonth', label: 'Bonuses per member per month', hint: 'A member earns at most this many neighbour bonuses in a month. 0: no limit.', max: 100 },
  { key: 'flagJoinsPerDay', label: 'Neighbours in one day that flag a member', hint: 'So many joining with one code in a day puts the member on the Flags tab. 0: off.', max: 100 },
] as const;

type Key = (typeof FIELDS)[number]['key'];

function SettingsForm(props: { settings: ReferralSettings }) {
  const id = useId();
  const save = useUpdateReferralSettings();
  const [texts, setTexts] = useState<Record<Key, string>>({
    bonusPoints: String(props.settings.bonusPoints),
    bonusesPerMonth: String(props.settings.bonusesPerMonth),
    flagJoinsPerDay: String(props.settings.flagJoinsPerDay),
  });
  const [shown, setShown] = useState(false);
  const problemOf = (field: (typeof FIELDS)[number]) => {
    const text = texts[field.key].trim();
    if (!/^\d+$/.test(text) || Number(text) > field.max) return `${field.label}: a whole number from 0 to ${field.max}`;
    return undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (FIELDS.some((field) => problemOf(field))) return;
    const body = {
      bonusPoints: Number(texts.bonusPoints),
      bonusesPerMonth: Number(texts.bonusesPerMonth),
      flagJoinsPerDay: Number(texts.flagJoinsPerDay),
    };
    save.mutate(body, {
      onSuccess: (saved) => toast({
        title: 'Saved',
        description: saved.bonusPoints === 0
          ? 'No neighbour bonus is given.'
          : `A neighbour's first visit now gives both of them ${saved.bonusPoints} points.`,
      }),
      onError: (error) => toast({ title: 'Not saved', description: userMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-5" aria-labelledby="referrals-heading">
      <div className="grid gap-5 md:grid-cols-3">
        {FIELDS.map((field) => {
          const inputId = `${id}-${field.key}`;
          const problem = shown ? problemOf(field) : undefined;
          return (
            <div key={field.key}>
              <Label htmlFor={inputId}>{field.label}</Label>
              <Input
                id={inputId}
                inputMode="numeric"
                className="max-w-32"
                value={texts[field.key]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
                onChange={(event) => setTexts((all) => ({ ...all, [field.key]: event.target.value }))}
              />
              <p id={`${inputId}-hint`} className="mt-1 text-sm text-bark-700">{field.hint}</p>
              <FieldError id={`${inputId}-error`} message={problem} />
            </div>
          );
        })}
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save “Bring a neighbour”
        </Button>
      </div>
    </form>
  );
}

export function ReferralSettingsSection() {
  const settings = useReferralSettings();
  return (
    <Card>
      <h2 id="referrals-heading" className="font-display text-xl font-bold">
        Bring a neighbour
      </h2>
      <p className="mt-1 text-sm text-bark-700">
        Every member has an invitation code on their account. Never for a phone that was a member before, nor for
        the member themselves; once per neighbour.
      </p>
      {settings.isPending ? (
        <p role="status" className="mt-3">Loading “Bring a neighbour”…</p>
      ) : settings.isError ? (
        <div role="alert" className="mt-3 grid gap-2">
          <p>{"Could not load “Bring a neighbour”."} {userMessage(settings.error)}</p>
          <div>
            <Button variant="secondary" onClick={() => void settings.refetch()}>Try again</Button>
          </div>
        </div>
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
    </Card>
  );
}
