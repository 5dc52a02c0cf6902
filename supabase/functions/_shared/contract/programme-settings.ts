// The tiers, the limits and the public content, as the operator changes them
// (admin) and as the site reads them (GET /api/programme). SQL (69_programme_settings.sql) checks
// the same rules again; these schemas give the first, field-named 400.
import { z } from 'zod';
import { LocationId, TierName, Timestamp, Uuid, visibleText, type TextOptions } from './common.ts';
import { MAX_TIER_POINTS, unreachableThreshold } from './constants.ts';

// The one text rule of common.ts (cleaned, nothing hidden inside), in this form's words.
const text = (label: string, max: number, options: TextOptions = {}) =>
  visibleText(label, max, { empty: `${label} is required`, tooLong: `${label} has at most ${max} characters`, ...options });
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is a number` })
    .int(`${label} is a whole number`)
    .min(min, `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);

// Tiers ---------------------------------------------------------------------------------------
export const ProgrammeTier = z.object({
  name: TierName,
  minPoints: z.number().int().describe('the lifetime points that reach this tier (Bronze: 0)'),
  goalLabel: z.string().nullable().describe("what the account's next-goal card calls this tier's reward"),
  rewardValueCents: z.number().int().describe('what honouring the tier reward costs a business (settlement)'),
  reward: z.object({ id: Uuid, name: z.string(), description: z.string() }).nullable(),
});
export type ProgrammeTier = z.infer<typeof ProgrammeTier>;

export { MAX_TIER_POINTS, POINTS_PER_VISIT, unreachableThreshold } from './constants.ts';

export const TierChange = z.strictObject({
  minPoints: whole('The threshold', 1, MAX_TIER_POINTS),
  goalLabel: text('The goal label', 100),
  rewardValueCents: whole('The value in cents', 0, 100_000),
  rewardName: text('The reward name', 100),
  rewardDescription: text('The reward description', 500, { lines: true }),
});
export const UpdateTiersRequest = z
  .strictObject({ Silver: TierChange, Gold: TierChange })
  .refine((tiers) => tiers.Gold.minPoints > tiers.Silver.minPoints, {
    message: 'Gold needs more points than Silver',
    path: ['Gold', 'minPoints'],
  })
  .superRefine((tiers, context) => {
    for (const name of ['Silver', 'Gold'] as const) {
      const problem = unreachableThreshold(name, tiers[name].minPoints);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [name, 'minPoints'] });
    }
  });
export const TiersResponse = z.array(ProgrammeTier);

export const TierPreviewQuery = z
  .strictObject({
    silver: z.coerce.number().int('silver is a whole number').min(1, 'silver is at least 1').max(MAX_TIER_POINTS - 1),
    gold: z.coerce.number().int('gold is a whole number').min(2).max(MAX_TIER_POINTS, `gold is at most ${MAX_TIER_POINTS}`),
  })
  .refine((q) => q.gold > q.silver, { message: 'Gold needs more points than Silver', path: ['gold'] });
export const TierPreviewResponse = z.object({
  silver: z.number().int(),
  gold: z.number().int(),
  members: z.number().int().describe('every member'),
  up: z.number().int().describe('members whose tier would rise'),
  down: z.number().int().describe('members whose tier would fall'),
  tiers: z.array(z.object({ name: TierName, now: z.number().int(), after: z.number().int() })),
});
export type TierPreviewResponse = z.infer<typeof TierPreviewResponse>;

// Limits --------------------------------------------------------------------------------------
export const SETTING_KEYS = [
  'minVisitIntervalMinutes',
  'minVisitGapAnywhereMinutes',
  'maxVisitsPerHour',
  'velocityFlagVisits',
  'signInCodesPerDay',
  'signInCodeMaxFailures',
] as const;
export const SettingKey = z.enum(SETTING_KEYS);
export type SettingKey = z.infer<typeof SettingKey>;
/** The allowed range of each setting (SQL private.settings_fields says the same). */
export const SETTING_RANGES: Record<SettingKey, [min: number, max: number]> = {
  minVisitIntervalMinutes: [0, 1440],
  minVisitGapAnywhereMinutes: [0, 1440],
  maxVisitsPerHour: [0, 60],
  velocityFlagVisits: [0, 100],
  signInCodesPerDay: [0, 50],
  signInCodeMaxFailures: [0, 20],
};
export const SettingValues = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, z.number().int()])) as Record<SettingKey, z.ZodNumber>,
);
export const SettingField = z.object({
  key: SettingKey,
  label: z.string(),
  meaning: z.string(),
  unit: z.string(),
  default: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
});
export type SettingField = z.infer<typeof SettingField>;
export const SettingsResponse = z.object({ values: SettingValues, fields: z.array(SettingField) });
export type SettingsResponse = z.infer<typeof SettingsResponse>;
export const UpdateSettingsRequest = z
  .strictObject(
    Object.fromEntries(
      SETTING_KEYS.map((key) => [key, whole(key, SETTING_RANGES[key][0], SETTING_RANGES[key][1]).optional()]),
    ) as Record<SettingKey, z.ZodOptional<z.ZodNumber>>,
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });

// Texts ---------------------------------------------------------------------------
/** A time of day, 24-hour, as the quiet hours are set. */
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time such as 21:00');
/** An IANA time zone this runtime knows (SQL checks pg_timezone_names too). */
export const TimeZoneName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/, 'Choose a time zone from the list, such as America/Chicago')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list, such as America/Chicago');
export const TextSettingValues = z.object({
  timeZone: z.string().describe("the programme's time zone (IANA): days, months, quiet hours, times in texts"),
  quietStart: z.string().describe('no text goes out from this time (HH:MM, programme time)...'),
  quietEnd: z.string().describe('...until this time; equal start and end: no quiet hours'),
  marketingTextsPerWeek: z.number().int().describe('at most this many campaign texts per member in any 7 days; 0: no cap'),
  siteUrl: z.string().describe('the address links in texts point to'),
  smsPartPriceCents: z.number().describe("what one SMS part costs, in cents (a campaign preview's cost estimate)"),
});
export type TextSettingValues = z.infer<typeof TextSettingValues>;
export const TextSettingsResponse = z.object({
  values: TextSettingValues,
  now: Timestamp,
  localTime: z.string().describe("now in the programme's time zone, e.g. 9:41 PM"),
  quietNow: z.boolean().describe('it is quiet hours now: texts wait'),
  quietUntil: Timestamp.nullable().describe('when the texts waiting now go out'),
});
export type TextSettingsResponse = z.infer<typeof TextSettingsResponse>;
export const UpdateTextSettingsRequest = z
  .strictObject({
    timeZone: TimeZoneName.optional(),
    quietStart: ClockTime.optional(),
    quietEnd: ClockTime.optional(),
    marketingTextsPerWeek: whole('Offers per member per week', 0, 14).optional(),
    siteUrl: z
      .string()
      .max(200, 'The site address has at most 200 characters')
      .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/, 'Give a web address such as https://rewards.example.org')
      .optional(),
    smsPartPriceCents: z
      .number({ error: 'The price is a number of cents' })
      .min(0, 'The price is at least 0 cents')
      .max(100, 'The price is at most 100 cents')
      .refine((cents) => Math.round(cents * 100) === cents * 100, 'Give the price to the hundredth of a cent')
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });
export type UpdateTextSettingsRequest = z.infer<typeof UpdateTextSettingsRequest>;

// Public content ------------------------------------------------------------------------------
export const FeaturedContent = z.strictObject({
  businesses: z.array(LocationId).max(6),
  tiers: z.array(z.enum(['Silver', 'Gold'])).max(2),
});
export const Testimonial = z.strictObject({ quote: text('The quote', 300), who: text('Who said it', 80) });
export const TestimonialsContent = z.array(Testimonial).max(6, 'At most 6 testimonials');
export const ContactContent = z.strictObject({
  email: z.email('Give a valid email address').max(120),
  phone: text('The phone', 40),
  hours: text('The hours', 80),
  responseTime: text('The response time', 60),
});
export const PrivacyContent = z.strictObject({
  intro: text('The introduction', 2000, { lines: true }),
  stored: z
    .array(z.strictObject({ what: text('What is kept', 200), why: text('Why it is kept', 500, { lines: true }) }))
    .min(1, 'List at least one thing kept')
    .max(20),
  sharing: text('Who sees it', 2000, { lines: true }),
  retention: text('How long it is kept', 2000, { lines: true }),
  terms: z.array(text('A term', 500, { lines: true })).max(20),
});
export const ProgrammeContent = z.object({
  featured: FeaturedContent.nullable(),
  testimonials: TestimonialsContent.nullable(),
  contact: ContactContent.nullable(),
  privacy: PrivacyContent.nullable(),
});
export type ProgrammeContent = z.infer<typeof ProgrammeContent>;
export type ContactContent = z.infer<typeof ContactContent>;
export type PrivacyContent = z.infer<typeof PrivacyContent>;
export type Testimonial = z.infer<typeof Testimonial>;

export const ContentKey = z.enum(['featured', 'testimonials', 'contact', 'privacy']);
export type ContentKey = z.infer<typeof ContentKey>;
/** Exactly one part, by its key. */
export const UpdateContentRequest = z
  .strictObject({
    featured: FeaturedContent.optional(),
    testimonials: TestimonialsContent.optional(),
    contact: ContactContent.optional(),
    privacy: PrivacyContent.optional(),
  })
  .refine((body) => Object.values(body).filter((part) => part !== undefined).length === 1, {
    message: 'Send exactly one part: featured, testimonials, contact or privacy',
  });
export type UpdateContentRequest = z.infer<typeof UpdateContentRequest>;

export const ProgrammeResponse = z.object({ tiers: z.array(ProgrammeTier), content: ProgrammeContent });
export type ProgrammeResponse = z.infer<typeof ProgrammeResponse>;
