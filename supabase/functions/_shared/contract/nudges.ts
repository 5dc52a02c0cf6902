// The reminder that brings members back (94_nudges.sql): "Your reward is waiting", N days after a
// reward unlocked and was not redeemed; off while null.
import { z } from 'zod';

export const NudgeSettings = z.object({
  rewardWaitingDays: z.number().int().min(1).max(90).nullable().describe('days after the unlock; null: off'),
});
export type NudgeSettings = z.infer<typeof NudgeSettings>;
export const NudgeSettingsRequest = z.strictObject({ rewardWaitingDays: z.number().int().min(1).max(90).nullable() });
