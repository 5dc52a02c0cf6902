// Compose a campaign: the message, the segment, now or later; the count of members
// it reaches and the exact text are shown before anything is sent. With `locationId` (a business
// owner on /owner) the business is fixed: the segment is always members who visited it, its
// texts start with the business's name, and an offer reaching fewer than 3 members cannot go (the
// count of 1 or 2 is not shown: "fewer than 3"). The preview also says how many SMS parts the
// exact text is sent as (each is billed) and what the campaign would cost (the operator's price
// per part, a text setting).
import { useId, useState, type FormEvent } from 'react';
import type { CampaignSegment, LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FieldError, Input, Label, Textarea } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import { toast } from '@/components/ui/toast.ts';
import { ApiError, userMessage } from '@/lib/api-client.ts';
import { useCampaignPreview, useCreateCampaign } from '../api/campaigns.ts';
import { smsSegments } from '../lib/sms-segments.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { BusinessOptions } from './BusinessOptions.tsx';

const MAX = 300;

/** The API's words about the message itself (a hidden character, say), else its general ones. */
const problemOf = (failure: unknown) => (failure instanceof ApiError && failure.fields?.message?.[0]) || userMessage(failure);
const TIERS = ['Bronze', 'Silver', 'Gold'] as const;

export function CampaignForm(props: { locations: LocationList | undefined; locationId?: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [chosenLocationId, setLocationId] = useState('');
  const locationId = props.locationId ?? chosenLocationId;
  const fixedName = props.locationId
    ? (props.locations?.find((l) => l.id === props.locationId)?.businessName ?? props.locationId)
    : null;
  const [tier, setTier] = useState('');
  const [lastVisitAfter, setLastVisitAfter] = useState('');
  const [lastVisitBefore, setLastVisitBefore] = useState('');
  const [joinedSince, setJoinedSince] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [error, setError] = useState<string | undefined>();

  const segment: CampaignSegment = {
    locationId: locationId || null,
    tier: (tier || null) as CampaignSegment['tier'],
    lastVisitAfter: lastVisitAfter || null,
    lastVisitBefore: lastVisitBefore || null,
    joinedSince: joinedSince || null,
  };
  const debounced = useDebounced({ message: message.trim(), segment }, 300);
  const preview = useCampaignPreview(debounced.message, debounced.segment);
  const create = useCreateCampaign();
  const current = debounced.message === message.trim() && JSON.stringify(debounced.segment) === JSON.stringify(segment);
  const recipients = current ? preview.data?.recipients : undefined;
  const tooFew = current && preview.data?.tooFew === true;
  const ready = current && message.trim() !== '' && preview.data !== undefined && !tooFew;
  const membersWords = recipients === null ? 'fewer than 3 members' : `${recipients} member${recipients === 1 ? '' : 's'}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setError('Write the offer first');
    let scheduled: string | null = null;
    if (when === 'later') {
      const at = new Date(sendAt);
      if (!sendAt || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
        return setError('Choose a time in the future');
      }
      scheduled = at.toISOString();
    }
    setError(undefined);
    create.mutate(
      { message: message.trim(), segment, sendAt: scheduled },
      {
        onSuccess: ({ campaign }) => {
          setMessage('');
          const members =
            campaign.recipients === null ? 'Fewer than 3 members' : `${campaign.recipients} member${campaign.recipients === 1 ? '' : 's'}`;
          toast({
            title:
              campaign.status === 'scheduled' ? 'Campaign scheduled' : campaign.heldUntil ? 'Campaign queued' : 'Campaign sent',
            description:
              campaign.status === 'scheduled'
                ? `It goes out ${formatInZone(campaign.sendAt, campaign.timeZone, true)}.`
                : campaign.heldUntil
                  ? `Quiet hours: ${members.toLowerCase()} will get the text at ${formatInZone(campaign.heldUntil, campaign.timeZone)}.`
                  : `${members} will get the text.`,
          });
        },
        onError: (failure) => setError(problemOf(failure)),
      },
    );
  };

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-bark-900">
          New campaign
        </h2>
        <div>
          <Label htmlFor={`${id}-message`}>Offer</Label>
          <Textarea
            id={`${id}-message`}
            value={message}
            maxLength={MAX}
            onChange={(event) => {
              setMessage(event.target.value);
              if (error) setError(undefined);
            }}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            placeholder="Free cookie with any coffee this Saturday."
          />
          <p id={`${id}-count`} className="mt-1 text-sm text-bark-700">
            {message.length} of {MAX} characters
          </p>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-bark-900">Who gets it</legend>
          <div>
            {fixedName ? (
              <>
                <p className="text-sm font-medium text-bark-900">Visited</p>
                <p className="mt-1 rounded-lg bg-cream-100 px-3 py-2 text-bark-900">
                  {fixedName} <span className="text-sm text-bark-700">(only your business's visitors)</span>
                </p>
              </>
            ) : (
              <>
                <Label htmlFor={`${id}-location`}>Visited</Label>
                <Select id={`${id}-location`} value={locationId} onChange={(event) => setLocationId(event.target.value)}>
                  <BusinessOptions businesses={props.locations} none="Any business" />
                </Select>
              </>
            )}
          </div>
          <div>
            <Label htmlFor={`${id}-tier`}>Tier</Label>
            <Select id={`${id}-tier`} value={tier} onChange={(event) => setTier(event.target.value)}>
              <option value="">Any tier</option>
              {TIERS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-after`}>Last visit on or after</Label>
            <Input id={`${id}-after`} type="date" value={lastVisitAfter} onChange={(event) => setLastVisitAfter(event.target.value)} />
          </div>
          <div>
            <Label htmlFor={`${id}-before`}>Last visit before</Label>
            <Input id={`${id}-before`} type="date" value={lastVisitBefore} onChange={(event) => setLastVisitBefore(event.target.value)} />
          </div>
          <div>
            <Label htmlFor={`${id}-joined`}>Joined on or after</Label>
            <Input id={`${id}-joined`} type="date" value={joinedSince} onChange={(event) => setJoinedSince(event.target.value)} />
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold text-bark-900">When</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex min-h-11 items-center gap-2 text-bark-900">
              <input type="radio" name={`${id}-when`} className="size-5" checked={when === 'now'} onChange={() => setWhen('now')} />
              Send now
            </label>
            <label className="flex min-h-11 items-center gap-2 text-bark-900">
              <input type="radio" name={`${id}-when`} className="size-5" checked={when === 'later'} onChange={() => setWhen('later')} />
              Schedule
            </label>
          </div>
          {when === 'later' ? (
            <div className="max-w-xs">
              <Label htmlFor={`${id}-at`}>Send at</Label>
              <Input id={`${id}-at`} type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} />
            </div>
          ) : null}
        </fieldset>
        <section aria-live="polite" aria-labelledby={`${id}-preview`} className="rounded-xl bg-cream-100 p-4">
          <h3 id={`${id}-preview`} className="text-sm font-semibold text-bark-900">
            Preview
          </h3>
          {!message.trim() ? (
            <p className="text-sm text-bark-700">Write the offer to see who gets it and the exact text.</p>
          ) : preview.error ? (
            <p className="text-sm text-red-800">Could not count the members. {problemOf(preview.error)}</p>
          ) : recipients === undefined || !preview.data ? (
            <p className="text-sm text-bark-700">Counting members…</p>
          ) : (
            <>
              <p className="text-bark-900" data-testid="campaign-recipients">
                <strong>{recipients === null ? 'Fewer than 3' : recipients}</strong>{' '}
                {recipients === null ? 'members' : `member${recipients === 1 ? '' : 's'}`} who agreed to texts will get:
              </p>
              <blockquote className="mt-2 rounded-lg border border-bark-300 bg-white p-3 text-bark-900">
                {preview.data.body}
              </blockquote>
              <SegmentCount body={preview.data.body} recipients={recipients} partPriceCents={preview.data.partPriceCents} />
              {tooFew ? (
                <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900" data-testid="campaign-too-few">
                  A business's offer goes to at least 3 members, so no one is singled out. Choose more members to send it.
                </p>
              ) : null}
              <p className="mt-2 text-sm text-bark-700">
                Members who turned texts off, or already had this week's texts, are left out. Texts due in quiet hours
                wait until they end.
              </p>
            </>
          )}
        </section>
        <div aria-live="polite">
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div>
          <Button type="submit" disabled={create.isPending || !ready}>
            {create.isPending
              ? 'Sending…'
              : !ready
                ? when === 'later'
                  ? 'Schedule'
                  : 'Send'
                : `${when === 'later' ? 'Schedule for' : 'Send to'} ${membersWords}`}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A time in the programme's zone: "9:00 AM", or with the day when `withDay`. */
export function formatInZone(at: string, timeZone: string, withDay = false): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(withDay ? { weekday: 'short', month: 'short', day: 'numeric' } : {}),
  }).format(new Date(at));
}

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: cents < 100 ? 4 : 2 }).format(cents / 100);

/** How many SMS parts the text goes out as, why a short one may take more, and the cost estimate. */
function SegmentCount(props: { body: string; recipients: number | null; partPriceCents: number }) {
  const { encoding, segments, units } = smsSegments(props.body);
  const perPart = encoding === 'GSM-7' ? 160 : 70;
  const perMember = segments * props.partPriceCents;
  return (
    <>
      <p className="mt-2 text-sm text-bark-900" data-testid="campaign-segments">
        Sent as <strong>{segments === 1 ? '1 SMS' : `${segments} SMS parts`}</strong> per member
        {segments > 1 ? ', each billed' : ''} ({units} characters
        {encoding === 'GSM-7' ? `; ${perPart} fit in one SMS` : `; an emoji or special character makes it Unicode: ${perPart} fit in one SMS`}).
      </p>
      <p className="mt-1 text-sm text-bark-900" data-testid="campaign-cost">
        Estimated cost:{' '}
        <strong>
          {props.recipients === null ? `under ${dollars(perMember * 3)}` : dollars(perMember * props.recipients)}
        </strong>{' '}
        ({dollars(perMember)} per member at {props.partPriceCents}¢ per SMS part).
      </p>
    </>
  );
}

