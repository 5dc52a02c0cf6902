// "Bring a neighbour" (97_referrals.sql, docs/RULES.md "Referrals"): a member's invitation code,
// the join page's check of a code, and the operator's settings.
import { z } from 'zod';

/**
 * A code as typed or linked: 6 of 2-9 and A-Z without I and O; spaces, dashes and lower case are
 * forgiven. An unknown code never stops a sign-up (it answers referral "invalid").
 */
export const ReferralCode = z
  .string()
  .max(32, 'An invitation code is 6 letters and digits')
  .describe('A neighbour\'s invitation code (6 of 2-9 and A-Z without I and O; spaces, dashes and case ignored)');

/** What a sign-up says of the code it carried: accepted, not a code anyone has, or none sent. */
export const ReferralOutcome = z
  .enum(['accepted', 'invalid'])
  .nullable()
  .describe(
    'accepted: the code named a member who can invite (whether it earns a bonus is never said: that would tell ' +
      'whoever typed the phone that it was a member before); invalid: no such code; null: no code sent',
  );

export const ReferralCodeParams = z.strictObject({ code: ReferralCode });
export const ReferralCodeCheck = z.object({
  valid: z.boolean().describe('The code names a member who can invite; the member is never named'),
  bonusPoints: z.number().int().describe('Points each gets at the neighbour\'s first approved visit now; 0: no bonus'),
});
export type ReferralCodeCheck = z.infer<typeof ReferralCodeCheck>;

export const MyReferral = z.object({
  code: z.string().describe('The member\'s invitation code'),
  path: z.string().describe('The invitation link\'s path on this site: /join?ref=CODE'),
  joined: z.number().int().describe('Neighbours who joined with the code'),
  rewarded: z.number().int().describe('Of them, those whose first approved visit earned the bonus'),
  bonusPoints: z.number().int().describe('Points each of the two gets now; 0: no bonus'),
});
export type MyReferral = z.infer<typeof MyReferral>;

export const ReferralSettings = z.object({
  bonusPoints: z.number().int().min(0).max(1000).describe('Points each gets at the neighbour\'s first approved visit; 0: off'),
  bonusesPerMonth: z.number().int().min(0).max(100).describe('At most this many bonuses per referrer per month; 0: no cap'),
  flagJoinsPerDay: z.number().int().min(0).max(100).describe('Neighbours joining with one code in one day that flag the member; 0: off'),
});
export type ReferralSettings = z.infer<typeof ReferralSettings>;
export const ReferralSettingsRequest = z.strictObject(ReferralSettings.shape);
export type ReferralSettingsRequest = z.input<typeof ReferralSettingsRequest>;
