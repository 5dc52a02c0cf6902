// POST /api/rewards/redeem: a member redeems their own unlocked reward, or staff redeem one at
// the counter; app.redeem_reward decides who may and makes it happen once.
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { RedeemRewardRequest, RedeemRewardResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { parseBody } from '../validation.ts';

interface RedeemedRow {
  id: string;
  status: string;
  redeemed_at: Date;
  reward_name: string;
}

export const rewards = new Hono<AppEnv>().post('/redeem', async (c) => {
  const caller = requireCaller(c, 'member', 'staff', 'admin');
  const { customerRewardId, locationId } = await parseBody(c, RedeemRewardRequest);
  const [row] = await c.var.db.asCaller(caller, (sql) => sql<RedeemedRow[]>`
    select * from app.redeem_reward(${customerRewardId}, ${locationId ?? null})`);
  return c.json(
    RedeemRewardResponse.parse({
      customerReward: {
        id: row?.id,
        status: row?.status,
        redeemedAt: row?.redeemed_at.toISOString(),
        reward: { name: row?.reward_name },
      },
    }),
  );
});
