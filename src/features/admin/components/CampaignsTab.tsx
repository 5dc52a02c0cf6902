// The Campaigns tab: compose an offer to a segment of consenting members, then the
// campaigns sent and scheduled with their delivery figures; a scheduled one can be cancelled. On
// /owner, `locationId` fixes the business (the API lists an owner only their business's campaigns).
import type { Campaign, LocationList } from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useCampaigns, useCancelCampaign } from '../api/campaigns.ts';
import { CampaignForm, formatInZone } from './CampaignForm.tsx';
import { QueryView } from './QueryState.tsx';

/** A figure withheld from a business owner (about 1 or 2 members). */
const FEW = 'fewer than 3';

const FIGURES = [
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['failed', 'Failed'],
  ['optedOut', 'Opted out'],
] as const;

function describeSegment(campaign: Campaign, businessName: (id: string) => string): string {
  const s = campaign.segment;
  const parts = [
    s.locationId ? `visited ${businessName(s.locationId)}` : 'all businesses',
    s.tier ? `${s.tier} tier` : null,
    s.lastVisitAfter ? `last visit on or after ${s.lastVisitAfter}` : null,
    s.lastVisitBefore ? `last visit before ${s.lastVisitBefore}` : null,
    s.joinedSince ? `joined on or after ${s.joinedSince}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * What really happened: scheduled, cancelled, or started — then queued for the end of quiet hours
 * ("Queued — sends at 9:00 AM", programme time), still going out, or sent.
 */
function statusOf(campaign: Campaign): string {
  if (campaign.status === 'scheduled') return 'Scheduled';
  if (campaign.status === 'cancelled') return 'Cancelled';
  if (campaign.heldUntil) return `Queued — sends at ${formatInZone(campaign.heldUntil, campaign.timeZone)}`;
  if (campaign.recipients === 0) return 'Nobody to text';
  if ((campaign.figures.queued ?? 0) > 0 && !campaign.figures.sent) return 'Sending';
  return 'Sent';
}

function CampaignCard(props: { campaign: Campaign; businessName: (id: string) => string }) {
  const { campaign } = props;
  const cancel = useCancelCampaign();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Badge>{statusOf(campaign)}</Badge>
        <time className="text-sm text-bark-700" dateTime={campaign.startedAt ?? campaign.sendAt}>
          {campaign.status === 'scheduled' ? 'Goes out ' : 'Started '}
          {formatInZone(campaign.startedAt ?? campaign.sendAt, campaign.timeZone, true)}
        </time>
      </div>
      <p className="mt-2 text-bark-900">{campaign.body}</p>
      <p className="mt-1 text-sm text-bark-700">To: {describeSegment(campaign, props.businessName)}</p>
      {campaign.status === 'started' ? (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center sm:grid-cols-6">
          <div className="rounded-lg bg-cream-100 p-2">
            <dt className="text-xs text-bark-700">Members</dt>
            <dd className="font-semibold text-bark-900">{campaign.recipients ?? FEW}</dd>
          </div>
          {FIGURES.map(([key, label]) => (
            <div key={key} className="rounded-lg bg-cream-100 p-2">
              <dt className="text-xs text-bark-700">{label}</dt>
              <dd className="font-semibold text-bark-900">{campaign.figures[key] ?? FEW}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {campaign.status === 'scheduled' ? (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(campaign.id, {
              onSuccess: () => toast({ title: 'Campaign cancelled', description: 'No text of it will go out.' }),
              onError: (failure) => toast({ title: 'Error', description: userMessage(failure), variant: 'destructive' }),
            })
          }
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel campaign'}
        </Button>
      ) : null}
    </Card>
  );
}

export function CampaignsTab(props: { locations: LocationList | undefined; locationId?: string }) {
  const query = useCampaigns();
  const businessName = (id: string) => props.locations?.find((l) => l.id === id)?.businessName ?? id;
  return (
    <div className="grid gap-4">
      <CampaignForm locations={props.locations} locationId={props.locationId} />
      <section aria-labelledby="campaigns-title" className="grid gap-3">
        <h2 id="campaigns-title" className="text-lg font-semibold text-bark-900">
          Campaigns
        </h2>
        <QueryView
          query={query}
          emptyText="No campaigns yet"
          empty={query.data?.campaigns.length === 0}
          what="the campaigns"
        >
          <ul className="grid gap-3">
            {query.data?.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} businessName={businessName} />
              </li>
            ))}
          </ul>
        </QueryView>
      </section>
    </div>
  );
}
