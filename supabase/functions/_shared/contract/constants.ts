// The contract's plain values: the words a member agrees to, the limits and choices screens show.
// No zod here, so a screen shows them without loading the schemas (docs/FRONTEND.md); the schema
// modules use them from here and export them again.

/** PRODUCT §2: the consent checkbox's text, word for word; the sign-up forms show this constant. */
export const SMS_CONSENT_TEXT =
  'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.';
/** Shown with the checkbox: who texts, and how to stop. */
export const SMS_CONSENT_NOTICE =
  'Texts come from Village Rewards on behalf of the businesses taking part (listed on our Businesses page). Reply STOP to opt out, HELP for help.';
/** The wording /account shows next to "Texts off" (recorded with the withdrawal). */
export const SMS_OPT_OUT_TEXT =
  'Stop texting me. Village Rewards will no longer send me SMS about my rewards and special offers.';

/**
 * Optional reward expiry (supabase/schemas/95_reward_expiry.sql): the member is warned this many
 * days before a reward expires, on /account and by one text (private.reward_expiry_warning says
 * the same; tests/db/reward-expiry.pg.test.ts holds the two equal).
 */
export const REWARD_EXPIRY_WARNING_DAYS = 7;

/**
 * The icons a business may show: the one list. src/components/ui/LocationIcon.tsx draws exactly
 * these (its type says so); the database's check and app.create_business's test are held to it by
 * tests/db/location-icons.test.ts.
 */
export const LOCATION_ICONS = [
  'store',
  'coffee',
  'ice-cream',
  'pizza',
  'palette',
  'cookie',
  'candy',
] as const;
export type LocationIconName = (typeof LOCATION_ICONS)[number];
/** The colours a business may take (src/features/admin/lib/location-style.ts maps them). */
export const LOCATION_COLOURS = [
  'amber',
  'pink',
  'red',
  'indigo',
  'orange',
  'purple',
  'green',
  'blue',
  'yellow',
  'slate',
] as const;

/** The points an approved visit earns (SQL: private.points_per_visit). */
export const POINTS_PER_VISIT = 5;

/**
 * Why a threshold cannot be reached with the points a visit earns, in words, or null
 * (Silver = 12 with 5 points a visit). SQL (private.check_thresholds) refuses the same.
 */
export function unreachableThreshold(name: string, points: number): string | null {
  if (points % POINTS_PER_VISIT === 0) return null;
  const below = Math.floor(points / POINTS_PER_VISIT) * POINTS_PER_VISIT;
  const above = below + POINTS_PER_VISIT;
  const choices = below > 0 ? `${below} or ${above}` : String(above);
  return `${name} at ${points} points cannot be reached with ${POINTS_PER_VISIT} points a visit: choose ${choices}`;
}

/** The highest threshold the operator may set. */
export const MAX_TIER_POINTS = 1000;
