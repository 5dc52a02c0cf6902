// The Campaigns tab: list, preview, send or schedule, cancel. The rules are in SQL
// (48_texts.sql): consenting members only, the weekly cap, an owner's business only, audited. Business
// owners call them too, from /owner, for their own business.
import { type CampaignSegment, routes } from '../../contract.ts';
import { ownerLocationId, type Caller } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ApiError } from '../../errors.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

/**
 * The business a campaign's segment is limited to. An owner's is always their own: none named
 * means theirs, another business is a 403 (the SQL function checks again). An admin's is their choice.
 */
function segmentLocation(caller: Caller, segment: CampaignSegment): string | null {
  if (caller.kind !== 'owner') return segment.locationId ?? null;
  const own = ownerLocationId(caller);
  if (own === undefined || (segment.locationId && segment.locationId !== own)) {
    throw new ApiError(403, 'forbidden', 'An owner can only text members who visited their own business');
  }
  return own;
}

const segmentArgs = (caller: Caller, segment: CampaignSegment) => ({
  p_location_id: segmentLocation(caller, segment),
  p_tier: segment.tier ?? null,
  p_last_visit_before: segment.lastVisitBefore ?? null,
  p_last_visit_after: segment.lastVisitAfter ?? null,
  p_joined_since: segment.joinedSince ?? null,
});

const NOT_A_SENDER =
  'Not an admin or a business owner, or an owner naming another business in `segment.locationId`.';
const OWNERS =
  'A business owner may call this too: their segment is always their own business (members who visited it; ' +
  '`segment.locationId` may be left out, another business is a 403).';

export const adminCampaigns = endpoint({
  ...routes.adminCampaigns, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'Campaigns, newest first, with delivery figures',
  description:
    'An admin sees every campaign; a business owner only the campaigns sent by owners of their business ' +
    '(not an admin\'s, even one aimed at their business).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_A_SENDER },
  handler: ({ call }) => call('app.campaigns', { p_limit: 50 }),
});

export const previewCampaign = endpoint({
  ...routes.previewCampaign, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'How many members a campaign reaches now, and the exact text',
  description:
    'Counts the members of the segment who consent to texts now, are not forgotten and are under the weekly ' +
    'cap of marketing texts (`private.settings.marketing_texts_per_week`). Changes nothing. For a business owner ' +
    'a count of 1 or 2 is withheld (null) and `tooFew` says the offer cannot be sent (fewer than 3). ' + OWNERS,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_A_SENDER, 404: 'Unknown location.', 413: TOO_LARGE },
  handler: ({ caller, call, body }) =>
    call('app.campaign_preview', { p_message: body.message, ...segmentArgs(caller, body.segment) }),
});

export const createCampaign = endpoint({
  ...routes.createCampaign, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'Send a campaign now, or schedule it',
  description:
    'Without `sendAt` (or with a past one) the texts are queued at once, one per member of the segment (as the ' +
    'preview counts them); texts due in quiet hours wait until they end (the operator\'s setting, programme time; ' +
    'the campaign then says `heldUntil`). A business owner\'s texts start with the business\'s name. With a later `sendAt` the ' +
    'campaign waits until then and can be cancelled. Recorded in the audit log (campaign.send / campaign.schedule). ' +
    'At most `private.settings.campaigns_per_hour` per sender (429). ' + OWNERS,
  errors: {
    400: `${BAD_INPUT} Or sendAt is more than 90 days ahead.`, 401: NOT_SIGNED_IN, 403: NOT_A_SENDER,
    404: 'Unknown location.', 413: TOO_LARGE,
    422: 'A business owner\'s offer that would reach fewer than 3 members (an admin\'s may).',
    429: 'Too many campaigns by this sender in the last hour.',
  },
  handler: ({ caller, call, body }) =>
    call('app.create_campaign', {
      p_message: body.message, ...segmentArgs(caller, body.segment), p_send_at: body.sendAt ?? null,
    }),
});

export const cancelCampaign = endpoint({
  ...routes.cancelCampaign, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'Cancel a scheduled campaign before it starts',
  description:
    'Recorded in the audit log (campaign.cancel). A business owner cancels only a campaign sent by an owner of ' +
    'their business (404 for any other).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_A_SENDER, 404: 'Unknown campaign.', 409: 'It has started or was cancelled already.' },
  handler: ({ call, params }) => call('app.cancel_campaign', { p_campaign_id: params.campaignId }),
});
