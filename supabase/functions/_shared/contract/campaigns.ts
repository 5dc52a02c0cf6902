// Campaigns (issue 22 §3): an offer texted to a segment of consenting members, from /admin.
import { z } from 'zod';
import { IsoDate, LocationId, TierName, Timestamp, Uuid, visibleText } from './common.ts';

export const CampaignSegment = z.strictObject({
  locationId: LocationId.nullish().describe('members with an approved visit at this business (an owner: always theirs)'),
  tier: TierName.nullish().describe('members in this tier now'),
  lastVisitBefore: IsoDate.nullish().describe('last visit before this day (programme time)'),
  lastVisitAfter: IsoDate.nullish().describe('last visit on or after this day'),
  joinedSince: IsoDate.nullish().describe('joined on or after this day'),
});
export type CampaignSegment = z.infer<typeof CampaignSegment>;

export const CampaignMessage = visibleText('Message', 300);

export const CampaignPreviewRequest = z.strictObject({ message: CampaignMessage, segment: CampaignSegment.default({}) });
export const CampaignPreviewResponse = z.object({
  recipients: z.number().int().describe('consenting members of the segment under the weekly cap, now'),
  body: z.string().describe('the exact text each receives'),
});

export const CreateCampaignRequest = z.strictObject({
  message: CampaignMessage,
  segment: CampaignSegment.default({}),
  sendAt: Timestamp.nullish().describe('when to send; omitted or past: now. At most 90 days ahead'),
});

export const CampaignFigures = z.object({
  queued: z.number().int().describe('waiting to be sent (held for quiet hours included)'),
  sent: z.number().int().describe('taken by the SMS provider (delivered included)'),
  delivered: z.number().int(),
  failed: z.number().int(),
  optedOut: z.number().int().describe('cancelled because the member turned texts off before it went'),
});
export const Campaign = z.object({
  id: Uuid,
  status: z.enum(['scheduled', 'started', 'cancelled']),
  message: z.string(),
  body: z.string(),
  locationId: LocationId.nullable(),
  segment: z.object({
    locationId: LocationId.nullable(),
    tier: TierName.nullable(),
    lastVisitBefore: IsoDate.nullable(),
    lastVisitAfter: IsoDate.nullable(),
    joinedSince: IsoDate.nullable(),
  }),
  sendAt: Timestamp,
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  cancelledAt: Timestamp.nullable(),
  recipients: z.number().int().nullable().describe('members texted when it started'),
  figures: CampaignFigures,
});
export type Campaign = z.infer<typeof Campaign>;
export const CampaignResponse = z.object({ campaign: Campaign });
export const CampaignsResponse = z.object({ campaigns: z.array(Campaign) });
export const CampaignParams = z.strictObject({ campaignId: Uuid });
