// The Programme tab's businesses and rewards: the catalogue as data, changed by
// admins through audited functions (supabase/schemas/78_catalogue.sql).
import { z } from 'zod';
import { LocationId, optionalText, TierName, Timestamp, Uuid, visibleText, type TextOptions } from './common.ts';
import { LOCATION_COLOURS, LOCATION_ICONS } from './constants.ts';
import { RESERVED_SLUGS, SLUG_PATTERN } from './slugs.ts';

export { isBusinessSlug, RESERVED_SLUGS } from './slugs.ts';
export { LOCATION_COLOURS, LOCATION_ICONS, type LocationIconName } from './constants.ts';

export const BusinessSlug = z
  .string()
  .regex(
    SLUG_PATTERN,
    'Use lower-case letters, digits and single dashes, starting with a letter',
  )
  .max(41, 'At most 41 characters')
  .refine((slug) => !RESERVED_SLUGS.includes(slug), 'That web address is used by a page of the site');

// The one text rule of common.ts (cleaned, nothing hidden inside), in this form's words.
const text = (label: string, max: number, options: TextOptions = {}) =>
  optionalText(label, max, { tooLong: `${label}: at most ${max} characters`, ...options });
const required = (label: string, max: number) =>
  visibleText(label, max, { empty: `Enter ${label.toLowerCase()}`, tooLong: `${label}: at most ${max} characters` });
/**
 * An image address: https://…, a path on this site, or the local stack's own Storage (plain http on
 * this machine only: `npm run dev` uploads there). The same rule as private.check_location_fields.
 */
export const IMAGE_URL_PATTERN =
  /^(https:\/\/\S+|\/[A-Za-z0-9._/-]+|http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/storage\/v1\/object\/public\/\S+)$/;
const imageUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .refine((url) => url === '' || IMAGE_URL_PATTERN.test(url), 'Start the image address with https://');

export const BusinessFields = z.strictObject({
  businessName: required('The name', 100),
  kind: required('The kind of business', 50),
  description: text('The description', 1000, { lines: true }).default(''),
  address: text('The address', 200).default(''),
  hours: text('The opening hours', 300, { lines: true }).default(''),
  logoUrl: imageUrl.default('').describe('an image (https:// or a path on this site); empty: the icon is shown'),
  icon: z.enum(LOCATION_ICONS),
  color: z.enum(LOCATION_COLOURS),
});
export type BusinessFields = z.input<typeof BusinessFields>;
export const CreateBusinessRequest = BusinessFields.extend({
  slug: BusinessSlug.describe('the web address name: /{slug} is the landing, /business/{slug}/join the join page; fixed once chosen'),
});
export type CreateBusinessRequest = z.input<typeof CreateBusinessRequest>;
export const UpdateBusinessRequest = BusinessFields;
export const ArchiveBusinessRequest = z.strictObject({
  reason: text('The reason', 500).optional(),
});

export const CatalogueBusiness = z.object({
  id: LocationId,
  slug: z.string(),
  businessName: z.string(),
  kind: z.string(),
  description: z.string(),
  address: z.string(),
  logoUrl: z.string(),
  icon: z.string(),
  color: z.string(),
  hours: z.string(),
  sortOrder: z.number().int(),
  archivedAt: Timestamp.nullable(),
});
export type CatalogueBusiness = z.infer<typeof CatalogueBusiness>;

export const CatalogueReward = z.object({
  id: Uuid,
  kind: z.enum(['welcome', 'tier', 'prize']),
  locationId: LocationId.nullable(),
  tier: TierName.nullable(),
  name: z.string(),
  description: z.string(),
  scope: z.enum(['location', 'network']),
  createdAt: Timestamp,
  retiredAt: Timestamp.nullable().describe('no longer unlocked; holders keep it'),
  replacedBy: Uuid.nullable(),
  expiresAfterDays: z.number().int().min(1).max(365).nullable().default(null)
    .describe('an unused unlock expires at the end of the day this many days after it unlocked; null: never (the default)'),
});
export type CatalogueReward = z.infer<typeof CatalogueReward>;

export const AdminCatalogue = z.object({
  businesses: z.array(CatalogueBusiness.extend({ welcomeRewardId: Uuid.nullable() })),
  rewards: z.array(
    CatalogueReward.extend({
      businessName: z.string().nullable(),
      holders: z.number().int().describe('members holding it unused now (forgotten members not counted)'),
      unlocked: z.number().int().describe('members who ever unlocked it (revoked unlocks not counted)'),
      expired: z.number().int().default(0).describe('unlocks that expired unused (counted in unlocked, never in holders)'),
    }),
  ),
});
export type AdminCatalogue = z.infer<typeof AdminCatalogue>;

export const CatalogueChangesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const CatalogueChange = z.object({
  id: z.number().int(),
  at: Timestamp,
  action: z.string().describe("business.create|update|archive|unarchive, reward.create|update|retire|replace|expiry"),
  targetType: z.enum(['location', 'reward']),
  targetId: z.string().nullable(),
  locationId: z.string().nullable(),
  actorPhone: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type CatalogueChange = z.infer<typeof CatalogueChange>;
export const CatalogueChanges = z.array(CatalogueChange);

export const BusinessParams = z.strictObject({ locationId: LocationId });
export const RewardParams = z.strictObject({ rewardId: Uuid });
export const CreateRewardRequest = z.strictObject({
  locationId: LocationId.describe('the business whose welcome reward this is'),
  name: required('The reward\'s name', 100),
  description: text('The description', 500, { lines: true }).default(''),
});
export type CreateRewardRequest = z.input<typeof CreateRewardRequest>;
export const RewardWordingRequest = z.strictObject({
  name: required('The reward\'s name', 100),
  description: text('The description', 500, { lines: true }).default(''),
});
export type RewardWordingRequest = z.input<typeof RewardWordingRequest>;
export const RetireRewardRequest = z.strictObject({
  reason: text('The reason', 500).optional(),
});
export const ReplaceRewardRequest = RewardWordingRequest.extend({
  reason: text('The reason', 500).optional(),
});
export type ReplaceRewardRequest = z.input<typeof ReplaceRewardRequest>;
/** PUT /api/admin/rewards/{rewardId}/expiry: N days after it unlocks (1–365), or null: never. */
export const RewardExpiryRequest = z.strictObject({
  expiresAfterDays: z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(1, 'A reward can expire 1 to 365 days after it unlocks')
    .max(365, 'A reward can expire 1 to 365 days after it unlocks')
    .nullable(),
});
export type RewardExpiryRequest = z.input<typeof RewardExpiryRequest>;
