// Programme tab, Tiers: the Silver and Gold thresholds, their goal labels, values and
// rewards' wording. Before saving, the tab says how many members the new thresholds move
// (GET /api/admin/tiers/preview). A change applies to future unlocks: tiers are read from the
// thresholds, rewards unlock at the next approved visit that reaches them, and unlocked ones stay.
import { useId, useState, type FormEvent } from 'react';
import type { ProgrammeTier } from '@contract';
import { MAX_TIER_POINTS, unreachableThreshold } from '../../../../supabase/functions/_shared/contract/constants.ts';
import { Button } from '@/components/ui/Button.tsx';
import { Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useProgramme } from '@/lib/programme.ts';
import { useTierPreview, useUpdateTiers, type TierChange } from '../api/programme-settings.ts';
import { FormProblems } from './FormProblems.tsx';
import { SettingsCard } from './SettingsCard.tsx';

type Name = 'Silver' | 'Gold';
interface Draft {
  minPoints: string;
  goalLabel: string;
  value: string;
  rewardName: string;
  rewardDescription: string;
}

export function TiersSection() {
  const programme = useProgramme();
  const tiers = programme.data?.tiers;
  return (
    <SettingsCard
      title="Tiers"
      headingId="tiers-heading"
      intro="Bronze starts at 0 points. A member's tier follows the thresholds at once; a tier reward unlocks at their next approved visit that reaches the threshold. Rewards already unlocked stay."
      query={programme}
      what="the tiers"
    >
      {tiers ? <TiersForm key={JSON.stringify(tiers)} tiers={tiers} /> : null}
    </SettingsCard>
  );
}

const draftOf = (tier: ProgrammeTier | undefined): Draft => ({
  minPoints: String(tier?.minPoints ?? ''),
  goalLabel: tier?.goalLabel ?? '',
  value: ((tier?.rewardValueCents ?? 0) / 100).toFixed(2),
  rewardName: tier?.reward?.name ?? '',
  rewardDescription: tier?.reward?.description ?? '',
});

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);

function TiersForm(props: { tiers: ProgrammeTier[] }) {
  const find = (name: Name) => props.tiers.find((tier) => tier.name === name);
  const [drafts, setDrafts] = useState<Record<Name, Draft>>(() => ({
    Silver: draftOf(find('Silver')),
    Gold: draftOf(find('Gold')),
  }));
  const [shown, setShown] = useState(false);
  const save = useUpdateTiers();
  const silver = whole(drafts.Silver.minPoints);
  const gold = whole(drafts.Gold.minPoints);
  const moved = silver !== find('Silver')?.minPoints || gold !== find('Gold')?.minPoints;
  const preview = useTierPreview(moved ? silver : null, moved ? gold : null);

  const problems: string[] = [];
  if (silver === null || silver < 1) problems.push('Silver: enter the points needed, 1 or more');
  if (gold === null) problems.push('Gold: enter the points needed');
  if (silver !== null && gold !== null && gold <= silver) problems.push('Gold needs more points than Silver');
  if (gold !== null && gold > MAX_TIER_POINTS) problems.push(`Gold needs at most ${MAX_TIER_POINTS} points`);
  // A threshold 5-point visits cannot reach is refused before saving (SQL too).
  for (const [name, points] of [['Silver', silver], ['Gold', gold]] as const) {
    const problem = points !== null && points >= 1 ? unreachableThreshold(name, points) : null;
    if (problem) problems.push(problem);
  }
  for (const name of ['Silver', 'Gold'] as const) {
    const draft = drafts[name];
    if (!draft.goalLabel.trim()) problems.push(`${name}: enter the goal label`);
    if (!draft.rewardName.trim()) problems.push(`${name}: enter the reward name`);
    if (!draft.rewardDescription.trim()) problems.push(`${name}: enter the reward description`);
    if (!/^\d+(\.\d{1,2})?$/.test(draft.value.trim()) || Number(draft.value) > 1000)
      problems.push(`${name}: the value is an amount from $0 to $1,000`);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (problems.length > 0) return;
    const change = (name: Name): TierChange => ({
      minPoints: whole(drafts[name].minPoints)!,
      goalLabel: drafts[name].goalLabel.trim(),
      rewardValueCents: Math.round(Number(drafts[name].value) * 100),
      rewardName: drafts[name].rewardName.trim(),
      rewardDescription: drafts[name].rewardDescription.trim(),
    });
    save.mutate(
      { Silver: change('Silver'), Gold: change('Gold') },
      { onSuccess: () => toast({ title: 'Tiers saved', description: 'Members now see the new thresholds.' }) },
    );
  };
  const set = (name: Name, field: keyof Draft, value: string) =>
    setDrafts((all) => ({ ...all, [name]: { ...all[name], [field]: value } }));

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-5" aria-labelledby="tiers-heading">
      <div className="grid gap-5 md:grid-cols-2">
        {(['Silver', 'Gold'] as const).map((name) => (
          <TierFields key={name} name={name} draft={drafts[name]} onChange={(field, value) => set(name, field, value)} />
        ))}
      </div>
      <div aria-live="polite" className="text-sm">
        {moved && preview.data && preview.data.silver === silver && preview.data.gold === gold ? (
          <p className="rounded-xl bg-honey-400/20 p-3 text-bark-900">
            <strong>
              This change moves {preview.data.up + preview.data.down}{' '}
              {preview.data.up + preview.data.down === 1 ? 'member' : 'members'}
            </strong>
            : {preview.data.up} up, {preview.data.down} down (of {preview.data.members}).{' '}
            {preview.data.tiers.map((tier) => `${tier.name} ${tier.now} → ${tier.after}`).join(', ')}.
          </p>
        ) : moved && preview.isFetching ? (
          <p className="text-bark-700">Counting the members this change moves…</p>
        ) : null}
      </div>
      {shown && problems.length > 0 ? (
        <ul role="alert" className="list-disc rounded-xl border border-red-200 bg-red-50 p-3 pl-8 text-sm text-red-900">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <FormProblems error={save.error} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tiers'}
        </Button>
      </div>
    </form>
  );
}

function TierFields(props: { name: Name; draft: Draft; onChange: (field: keyof Draft, value: string) => void }) {
  const id = useId();
  const field = (key: keyof Draft, label: string, extra: { hint?: string; long?: boolean; narrow?: boolean } = {}) => (
    <div>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      {extra.long ? (
        <Textarea
          id={`${id}-${key}`}
          className="min-h-20"
          value={props.draft[key]}
          onChange={(event) => props.onChange(key, event.target.value)}
        />
      ) : (
        <Input
          id={`${id}-${key}`}
          className={extra.narrow ? 'max-w-32' : undefined}
          inputMode={extra.narrow ? 'decimal' : undefined}
          value={props.draft[key]}
          aria-describedby={extra.hint ? `${id}-${key}-hint` : undefined}
          onChange={(event) => props.onChange(key, event.target.value)}
        />
      )}
      {extra.hint ? (
        <p id={`${id}-${key}-hint`} className="mt-1 text-sm text-bark-700">
          {extra.hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-2xl border border-cream-200 p-4">
      <legend className="px-1 font-display text-lg font-bold">{props.name}</legend>
      {field('minPoints', `${props.name} points needed`, { narrow: true, hint: 'Lifetime points; 5 per visit.' })}
      {field('goalLabel', `${props.name} goal label`, { hint: 'What the account’s next-goal card says.' })}
      {field('rewardName', `${props.name} reward name`)}
      {field('rewardDescription', `${props.name} reward description`, { long: true })}
      {field('value', `${props.name} reward value ($)`, {
        narrow: true,
        hint: 'What honouring it costs a business; settlement shares it.',
      })}
    </fieldset>
  );
}
