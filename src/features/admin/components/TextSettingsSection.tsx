// Programme tab, Texts: the settings the texts outbox reads — the programme's time
// zone, quiet hours in that zone (shown beside the clock there), the weekly cap of offers, the
// address links in texts point to and the price of one SMS part (a campaign's cost estimate).
// Saved with PUT /api/admin/text-settings (zod, then SQL, check them; audited) and in force for
// the next text and the next drain. docs/texts.md says what each does.
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { TextSettingsResponse, UpdateTextSettingsRequest } from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useTextSettings, useUpdateTextSettings } from '../api/programme-settings.ts';
import { SaveRow, SettingsCard } from './SettingsCard.tsx';

export function TextSettingsSection() {
  const settings = useTextSettings();
  return (
    <SettingsCard
      title="Texts"
      headingId="text-settings-heading"
      intro="When and how often the programme texts members, and where its links go. A change applies to the very next text: one waiting for the end of quiet hours follows the new hours."
      query={settings}
      what="the text settings"
    >
      {settings.data ? (
        <>
          <Clock settings={settings.data} />
          <TextSettingsForm key={JSON.stringify(settings.data.values)} settings={settings.data} />
        </>
      ) : null}
    </SettingsCard>
  );
}

/** "9:00 PM" from "21:00". */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function quietWords(start: string, end: string): string {
  return start === end ? 'No quiet hours' : `Quiet hours ${clock(start)} to ${clock(end)}`;
}

function Clock(props: { settings: TextSettingsResponse }) {
  const { values, localTime, quietNow, quietUntil } = props.settings;
  const until = quietUntil
    ? new Intl.DateTimeFormat('en-US', { timeZone: values.timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(quietUntil))
    : null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-cream-100 p-3 text-bark-900" data-testid="text-clock">
      <p>
        Now <strong>{localTime}</strong> in {values.timeZone}. {quietWords(values.quietStart, values.quietEnd)}.
      </p>
      {quietNow ? <Badge>Quiet now: texts wait until {until}</Badge> : <Badge>Texts go out now</Badge>}
    </div>
  );
}

/** Every zone this browser knows, with the current one even if it does not. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

type Texts = { timeZone: string; quietStart: string; quietEnd: string; marketingTextsPerWeek: string; siteUrl: string; smsPartPriceCents: string };

function problemsOf(texts: Texts): Partial<Record<keyof Texts, string>> {
  const problems: Partial<Record<keyof Texts, string>> = {};
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  if (!time.test(texts.quietStart)) problems.quietStart = 'Give a time such as 21:00';
  if (!time.test(texts.quietEnd)) problems.quietEnd = 'Give a time such as 09:00';
  const cap = texts.marketingTextsPerWeek.trim();
  if (!/^\d+$/.test(cap) || Number(cap) > 14) problems.marketingTextsPerWeek = 'A whole number from 0 to 14';
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/.test(texts.siteUrl.trim()) || texts.siteUrl.length > 200) {
    problems.siteUrl = 'Give a web address such as https://rewards.example.org';
  }
  const price = texts.smsPartPriceCents.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(price) || Number(price) > 100) problems.smsPartPriceCents = 'From 0 to 100 cents, e.g. 0.83';
  return problems;
}

function TextSettingsForm(props: { settings: TextSettingsResponse }) {
  const id = useId();
  const save = useUpdateTextSettings();
  const { values } = props.settings;
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const [texts, setTexts] = useState<Texts>({
    timeZone: values.timeZone,
    quietStart: values.quietStart,
    quietEnd: values.quietEnd,
    marketingTextsPerWeek: String(values.marketingTextsPerWeek),
    siteUrl: values.siteUrl,
    smsPartPriceCents: String(values.smsPartPriceCents),
  });
  const [shown, setShown] = useState(false);
  const problems = problemsOf(texts);
  const change: UpdateTextSettingsRequest = {};
  if (texts.timeZone !== values.timeZone) change.timeZone = texts.timeZone;
  if (texts.quietStart !== values.quietStart) change.quietStart = texts.quietStart;
  if (texts.quietEnd !== values.quietEnd) change.quietEnd = texts.quietEnd;
  if (Number(texts.marketingTextsPerWeek) !== values.marketingTextsPerWeek) change.marketingTextsPerWeek = Number(texts.marketingTextsPerWeek);
  if (texts.siteUrl.trim().replace(/\/+$/, '') !== values.siteUrl) change.siteUrl = texts.siteUrl.trim();
  if (Number(texts.smsPartPriceCents) !== values.smsPartPriceCents) change.smsPartPriceCents = Number(texts.smsPartPriceCents);
  const changed = Object.keys(change).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length > 0 || !changed) return;
    save.mutate(change, {
      onSuccess: () => toast({ title: 'Text settings saved', description: 'They apply to the very next text.' }),
    });
  };
  const field = (key: keyof Texts) => {
    const problem = shown ? problems[key] : undefined;
    return {
      id: `${id}-${key}`,
      value: texts[key],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': `${id}-${key}-hint${problem ? ` ${id}-${key}-error` : ''}`,
      onChange: (event: { target: { value: string } }) => setTexts((all) => ({ ...all, [key]: event.target.value })),
    };
  };
  const hint = (key: keyof Texts, words: string) => (
    <>
      <p id={`${id}-${key}-hint`} className="mt-1.5 text-sm text-bark-700">
        {words}
      </p>
      <FieldError id={`${id}-${key}-error`} message={shown ? problems[key] : undefined} />
    </>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-5" aria-labelledby="text-settings-heading">
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-timeZone`}>Programme time zone</Label>
          <Select {...field('timeZone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
          {hint('timeZone', 'Days, months and quiet hours are in this zone, and so are the times texts and reports name.')}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-bark-900">Quiet hours (programme time)</legend>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <Label htmlFor={`${id}-quietStart`} className="sr-only">
              Quiet hours start
            </Label>
            <Input type="time" className="max-w-36" {...field('quietStart')} />
            <span className="text-bark-700">to</span>
            <Label htmlFor={`${id}-quietEnd`} className="sr-only">
              Quiet hours end
            </Label>
            <Input type="time" className="max-w-36" {...field('quietEnd')} />
          </div>
          <p id={`${id}-quietStart-hint`} className="mt-1.5 text-sm text-bark-700">
            No text goes out then; one due waits until the end. The same start and end: no quiet hours.
          </p>
          <p id={`${id}-quietEnd-hint`} className="sr-only">
            The end of quiet hours, when waiting texts go out.
          </p>
          <FieldError id={`${id}-quietStart-error`} message={shown ? problems.quietStart : undefined} />
          <FieldError id={`${id}-quietEnd-error`} message={shown ? problems.quietEnd : undefined} />
        </fieldset>
        <div>
          <Label htmlFor={`${id}-marketingTextsPerWeek`}>Offers per member per week</Label>
          <Input inputMode="numeric" className="max-w-32" {...field('marketingTextsPerWeek')} />
          {hint('marketingTextsPerWeek', 'At most this many campaign texts reach one member in any 7 days; 0: no cap. Default 2.')}
        </div>
        <div>
          <Label htmlFor={`${id}-smsPartPriceCents`}>Price of one SMS part (cents)</Label>
          <Input inputMode="decimal" className="max-w-32" {...field('smsPartPriceCents')} />
          {hint('smsPartPriceCents', "For a campaign's cost estimate: your SMS provider's price per part. Default 0.83.")}
        </div>
        <div className="md:col-span-2">
          <Label htmlFor={`${id}-siteUrl`}>Site address in texts</Label>
          <Input type="url" inputMode="url" {...field('siteUrl')} />
          {hint('siteUrl', 'Links in texts (the card, the contact page) start with this address.')}
        </div>
      </div>
      <SaveRow save={save} label="Save text settings" nothingChanged={shown && !changed} />
    </form>
  );
}
