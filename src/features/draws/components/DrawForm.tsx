// The operator's form for next month's prize draw: the month, the sponsor, the prize, the entry
// rule, and the seed's commitment (made by the programme unless the operator brings their own).
import { useId, useState, type FormEvent } from 'react';
import { CreateDrawRequest, type LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useCreateDraw } from '../api/draws.ts';

/** The month after `date`'s, YYYY-MM: the first a draw can still be set up for. */
export function nextMonth(date = new Date()): string {
  const next = new Date(date.getFullYear(), date.getMonth() + 1, 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}`;
}

type Field = 'month' | 'sponsorLocationId' | 'prizeName' | 'prizeValueCents' | 'minBusinesses' | 'maxEntries' | 'commitment';

export function DrawForm(props: { locations: LocationList | undefined; onCreated?: () => void }) {
  const id = useId();
  const create = useCreateDraw();
  const [month, setMonth] = useState(nextMonth());
  const [sponsor, setSponsor] = useState('');
  const [kind, setKind] = useState<'reward' | 'voucher'>('voucher');
  const [prizeName, setPrizeName] = useState('');
  const [description, setDescription] = useState('');
  const [dollars, setDollars] = useState('25');
  const [minBusinesses, setMinBusinesses] = useState('2');
  const [maxEntries, setMaxEntries] = useState('3');
  const [ownSeed, setOwnSeed] = useState(false);
  const [commitment, setCommitment] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const sponsorId = sponsor || props.locations?.[0]?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateDrawRequest.safeParse({
      month, sponsorLocationId: sponsorId, prizeKind: kind, prizeName, prizeDescription: description,
      prizeValueCents: Math.round(Number(dollars) * 100), minBusinesses: Number(minBusinesses), maxEntries: Number(maxEntries),
      commitment: ownSeed ? commitment.trim().toLowerCase() : undefined,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setProblems(found);
      return;
    }
    if (parsed.data.maxEntries < 1 || (kind === 'voucher' && parsed.data.prizeValueCents === 0)) {
      setProblems({ prizeValueCents: 'A voucher needs an amount' });
      return;
    }
    setProblems({});
    create.mutate(parsed.data, {
      onSuccess: (draw) => {
        toast({
          title: 'Draw set up',
          description: `The ${draw.monthLabel} draw's commitment is published on the draws page.`,
        });
        setPrizeName('');
        setDescription('');
        setCommitment('');
        props.onCreated?.();
      },
      onError: (error) => toast({ title: 'Not set up', description: userMessage(error), variant: 'destructive' }),
    });
  };

  const field = (name: Field) => ({
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-display text-lg font-bold">Set up a draw</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-month`}>Month of the draw</Label>
          <Input id={`${id}-month`} type="month" min={nextMonth()} value={month}
                 onChange={(e) => setMonth(e.target.value)} {...field('month')} />
          <p className="mt-1 text-sm text-bark-700">Before the month starts, so the seed is committed first.</p>
          <FieldError id={`${id}-month-error`} message={problems.month} />
        </div>
        <div>
          <Label htmlFor={`${id}-sponsor`}>Sponsoring business</Label>
          <Select id={`${id}-sponsor`} value={sponsorId} onChange={(e) => setSponsor(e.target.value)} {...field('sponsorLocationId')}>
            {props.locations?.map((l) => <option key={l.id} value={l.id}>{l.businessName}</option>)}
          </Select>
          <FieldError id={`${id}-sponsorLocationId-error`} message={problems.sponsorLocationId} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="font-semibold text-bark-900">The prize</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" name={`${id}-kind`} value="voucher" checked={kind === 'voucher'} onChange={() => setKind('voucher')}
                 className="size-5 accent-meadow-700" />
          A voucher worth an amount at any business (the sponsor pays it back)
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" name={`${id}-kind`} value="reward" checked={kind === 'reward'} onChange={() => setKind('reward')}
                 className="size-5 accent-meadow-700" />
          A reward redeemable only at the sponsor
        </label>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Prize name</Label>
          <Input id={`${id}-name`} value={prizeName} maxLength={100} onChange={(e) => setPrizeName(e.target.value)}
                 placeholder={kind === 'voucher' ? '$25 to spend in the village' : 'A family pizza'} {...field('prizeName')} />
          <FieldError id={`${id}-prizeName-error`} message={problems.prizeName} />
        </div>
        <div>
          <Label htmlFor={`${id}-value`}>{kind === 'voucher' ? 'Voucher amount ($)' : 'What it is worth ($)'}</Label>
          <Input id={`${id}-value`} type="number" inputMode="decimal" min={0} max={1000} step="0.01" value={dollars}
                 onChange={(e) => setDollars(e.target.value)} {...field('prizeValueCents')} />
          <FieldError id={`${id}-prizeValueCents-error`} message={problems.prizeValueCents} />
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea id={`${id}-description`} value={description} maxLength={500} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="font-semibold text-bark-900">Who gets entries</legend>
        <div>
          <Label htmlFor={`${id}-min`}>Different businesses for one entry</Label>
          <Input id={`${id}-min`} type="number" min={1} max={50} value={minBusinesses}
                 onChange={(e) => setMinBusinesses(e.target.value)} {...field('minBusinesses')} />
          <FieldError id={`${id}-minBusinesses-error`} message={problems.minBusinesses} />
        </div>
        <div>
          <Label htmlFor={`${id}-max`}>Most entries per member</Label>
          <Input id={`${id}-max`} type="number" min={1} max={50} value={maxEntries}
                 onChange={(e) => setMaxEntries(e.target.value)} {...field('maxEntries')} />
          <FieldError id={`${id}-maxEntries-error`} message={problems.maxEntries} />
        </div>
        <p className="text-sm text-bark-700 sm:col-span-2">
          Each further business is one more entry. Staff, owners, admins and suspended members are never entered.
        </p>
      </fieldset>
      <div className="grid gap-2">
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" checked={ownSeed} onChange={(e) => setOwnSeed(e.target.checked)} className="size-5 accent-meadow-700" />
          I keep the seed myself and give its SHA-256 fingerprint
        </label>
        {ownSeed ? (
          <div>
            <Label htmlFor={`${id}-commitment`}>SHA-256 of your seed</Label>
            <Input id={`${id}-commitment`} value={commitment} onChange={(e) => setCommitment(e.target.value)}
                   spellCheck={false} autoComplete="off" className="font-mono text-sm" {...field('commitment')} />
            <FieldError id={`${id}-commitment-error`} message={problems.commitment} />
          </div>
        ) : (
          <p className="text-sm text-bark-700">The programme makes a random seed, keeps it private and publishes its fingerprint now.</p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Setting up…' : 'Set up the draw'}</Button>
      </div>
    </form>
  );
}
