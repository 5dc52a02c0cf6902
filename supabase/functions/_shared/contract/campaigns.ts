// Campaigns: an offer texted to a segment of consenting members, from /admin.
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
  recipients: z
    .number()
    .int()
    .nullable()
    .describe('consenting members of the segment under the weekly cap, now; for a business owner null when 1 or 2 ("fewer than 3")'),
  body: z.string().describe("the exact text each receives (a business owner's starts with the business's name)"),
  partPriceCents: z.number().describe('what one SMS part costs, in cents (the operator\'s setting): the cost estimate'),
  tooFew: z.boolean().describe('a business owner\'s offer reaching fewer than 3 members: it cannot be sent'),
});
export type CampaignPreviewResponse = z.infer<typeof CampaignPreviewResponse>;

export const CreateCampaignRequest = z.strictObject({
  message: CampaignMessage,
  segment: CampaignSegment.default({}),
  sendAt: Timestamp.nullish().describe('when to send; omitted or past: now. At most 90 days ahead'),
});

// Each figure is null for a business owner when it, or the campaign's members, is 1 or 2.
const Figure = z.number().int().nullable();
export const CampaignFigures = z.object({
  queued: Figure.describe('waiting to be sent (held for quiet hours included)'),
  sent: Figure.describe('taken by the SMS provider (delivered included)'),
  delivered: Figure,
  failed: Figure,
  optedOut: Figure.describe('cancelled because the member turned texts off before it went'),
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
  recipients: z
    .number()
    .int()
    .nullable()
    .describe('members texted when it started (null before; for a business owner also when 1 or 2)'),
  timeZone: z.string().describe("the programme's time zone, in which heldUntil is told"),
  heldUntil: Timestamp.nullable().describe('when its texts held for quiet hours go out; null: none is held'),
  figures: CampaignFigures,
});
export type Campaign = z.infer<typeof Campaign>;
export const CampaignResponse = z.object({ campaign: Campaign });
export const CampaignsResponse = z.object({ campaigns: z.array(Campaign) });
export const CampaignParams = z.strictObject({ campaignId: Uuid });
