// Programme tab, Public content: the featured rewards, testimonials (none hides the
// section on the home page), contact details and the privacy page's text, each saved on its own
// (PUT /api/admin/content, one audit row each). Text may say {silver}, {gold} and {businesses}.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ContactContent, PrivacyContent, ProgrammeResponse, Testimonial, UpdateContentRequest } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Checkbox } from '@/components/ui/Checkbox.tsx';
import { Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useProgramme } from '@/lib/programme.ts';
import { useUpdateContent } from '../api/programme-settings.ts';
import { FormProblems } from './FormProblems.tsx';
import { SettingsCard } from './SettingsCard.tsx';

export function ContentSection() {
  const programme = useProgramme();
  return (
    <SettingsCard
      title="Public content"
      intro={
        <>
          What the public pages say. Write {'{silver}'} or {'{gold}'} for the current thresholds, {'{businesses}'} for the number of businesses ("seven businesses").
        </>
      }
      query={programme}
      what="the public content"
    >
      {programme.data ? <ContentForms key={JSON.stringify(programme.data.content)} programme={programme.data} /> : null}
    </SettingsCard>
  );
}

function ContentForms(props: { programme: ProgrammeResponse }) {
  const content = props.programme.content;
  return (
    <div className="mt-4 grid gap-6">
      <FeaturedForm featured={content.featured ?? { businesses: [], tiers: [] }} />
      <TestimonialsForm testimonials={content.testimonials ?? []} />
      <ContactForm contact={content.contact ?? { email: '', phone: '', hours: '', responseTime: '' }} />
      <PrivacyForm
        privacy={content.privacy ?? { intro: '', stored: [], sharing: '', retention: '', terms: [] }}
      />
    </div>
  );
}

/** One part's form: its heading, fields, problems and its own Save. */
function Part(props: { title: string; hint?: string; onSubmit: () => UpdateContentRequest; children: ReactNode }) {
  const id = useId();
  const save = useUpdateContent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(props.onSubmit(), { onSuccess: () => toast({ title: `${props.title} saved` }) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={id} className="grid gap-3 rounded-2xl border border-cream-200 p-4">
      <h3 id={id} className="font-display text-lg font-bold">
        {props.title}
      </h3>
      {props.hint ? <p className="-mt-2 text-sm text-bark-700">{props.hint}</p> : null}
      {props.children}
      <FormProblems error={save.error} />
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save ${props.title.toLowerCase()}`}
        </Button>
      </div>
    </form>
  );
}

function TextField(props: { label: string; value: string; onChange: (value: string) => void; long?: boolean; hint?: string }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      {props.long ? (
        <Textarea id={id} value={props.value} aria-describedby={props.hint ? `${id}-hint` : undefined} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <Input id={id} value={props.value} aria-describedby={props.hint ? `${id}-hint` : undefined} onChange={(event) => props.onChange(event.target.value)} />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-bark-700">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function FeaturedForm(props: { featured: { businesses: string[]; tiers: ('Silver' | 'Gold')[] } }) {
  const locations = useQuery({
    queryKey: ['/api/locations'] as const,
    queryFn: () => callEndpoint(endpoints.locations),
  });
  const [businesses, setBusinesses] = useState(props.featured.businesses);
  const [tiers, setTiers] = useState(props.featured.tiers);
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  return (
    <Part
      title="Featured rewards"
      hint="The home page features these welcome rewards and tier rewards (at most 6)."
      onSubmit={() => ({ featured: { businesses, tiers } })}
    >
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">Welcome rewards</legend>
        {locations.data?.map((location) => (
          <Checkbox
            key={location.id}
            label={location.welcomeReward ? `${location.businessName}: ${location.welcomeReward.name}` : location.businessName}
            checked={businesses.includes(location.id)}
            onChange={(event) => setBusinesses(toggle(businesses, location.id, event.target.checked))}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">Tier rewards</legend>
        {(['Silver', 'Gold'] as const).map((name) => (
          <Checkbox
            key={name}
            label={`${name} reward`}
            checked={tiers.includes(name)}
            onChange={(event) => setTiers(toggle(tiers, name, event.target.checked))}
          />
        ))}
      </fieldset>
    </Part>
  );
}

function TestimonialsForm(props: { testimonials: Testimonial[] }) {
  const [items, setItems] = useState(props.testimonials);
  const set = (index: number, change: Partial<Testimonial>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <Part
      title="Testimonials"
      hint={items.length === 0 ? 'None: the home page hides “What members say”.' : 'At most 6.'}
      onSubmit={() => ({ testimonials: items })}
    >
      {items.map((item, index) => (
        <div key={index} className="grid gap-2 rounded-xl bg-cream-50 p-3">
          <TextField label={`Testimonial ${index + 1}: quote`} long value={item.quote} onChange={(quote) => set(index, { quote })} />
          <TextField label={`Testimonial ${index + 1}: who said it`} value={item.who} onChange={(who) => set(index, { who })} />
          <div>
            <Button type="button" variant="ghost" onClick={() => setItems((all) => all.filter((_, i) => i !== index))}>
              Remove testimonial {index + 1}
            </Button>
          </div>
        </div>
      ))}
      {items.length < 6 ? (
        <div>
          <Button type="button" variant="ghost" onClick={() => setItems((all) => [...all, { quote: '', who: '' }])}>
            Add a testimonial
          </Button>
        </div>
      ) : null}
    </Part>
  );
}

function ContactForm(props: { contact: ContactContent }) {
  const [contact, setContact] = useState(props.contact);
  const set = (change: Partial<ContactContent>) => setContact((all) => ({ ...all, ...change }));
  return (
    <Part title="Contact details" onSubmit={() => ({ contact })}>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label="Email" value={contact.email} onChange={(email) => set({ email })} />
        <TextField label="Phone" value={contact.phone} onChange={(phone) => set({ phone })} />
        <TextField label="Hours" value={contact.hours} onChange={(hours) => set({ hours })} />
        <TextField label="Response time" value={contact.responseTime} hint="“We answer within …”" onChange={(responseTime) => set({ responseTime })} />
      </div>
    </Part>
  );
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

function PrivacyForm(props: { privacy: PrivacyContent }) {
  const [privacy, setPrivacy] = useState(props.privacy);
  const [stored, setStored] = useState(props.privacy.stored.map((item) => `${item.what} | ${item.why}`).join('\n'));
  const [terms, setTerms] = useState(props.privacy.terms.join('\n'));
  const set = (change: Partial<PrivacyContent>) => setPrivacy((all) => ({ ...all, ...change }));
  return (
    <Part
      title="Privacy page"
      onSubmit={() => ({
        privacy: {
          ...privacy,
          stored: lines(stored).map((line) => {
            const [what = '', ...why] = line.split('|');
            return { what: what.trim(), why: why.join('|').trim() };
          }),
          terms: lines(terms),
        },
      })}
    >
      <TextField label="Introduction" long value={privacy.intro} onChange={(intro) => set({ intro })} />
      <TextField label="What we keep, and why" long value={stored} hint="One per line: what | why" onChange={setStored} />
      <TextField label="Who sees it" long value={privacy.sharing} onChange={(sharing) => set({ sharing })} />
      <TextField label="How long we keep it" long value={privacy.retention} onChange={(retention) => set({ retention })} />
      <TextField label="Terms of the programme" long value={terms} hint="One term per line." onChange={setTerms} />
    </Part>
  );
}
