// The demo flow (scripts/demo-flow.ts) against a stack started in-process: the real supabase-js
// client through the auth stand-in and the api function, end to end on the embedded database.
import { startStack, type Stack } from '../dev/stack.ts';
import { runDemoFlow } from '../scripts/demo-flow.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ port: 0, dataDir: null, quiet: true });
  // The flow approves two visits of one member seconds apart (at two businesses); the village-wide
  // minute between visits (private.settings) would refuse the second, so this stack turns it off.
  await stack.sql`update private.settings set min_visit_gap_anywhere = interval '0'`;
});

afterAll(async () => {
  await stack.stop();
});

it('runs the whole programme through supabase-js: kiosk, sign-up, approvals, login, /api/me, redeem once', async () => {
  const result = await runDemoFlow({ url: stack.url, anonKey: stack.anonKey });
  expect(result).toMatchObject({
    pointsAfterFirstVisit: 5,
    pointsAfterSecondVisit: 10,
    meTier: 'Silver',
    meTotalPoints: 10,
    redeemedReward: '$5 Off Any Business',
    secondRedeemStatus: 409,
  });
  expect(result.unlockedAtTenPoints).toContain('$5 Off Any Business');
  expect(result.unlockedAtTenPoints).toContain('Free Garlic Bread');
  const [row] = await stack.sql`select status from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
                                 where cr.customer_id = ${result.customerId} and r.tier = 'Silver'`;
  expect(row!.status).toBe('redeemed');
});
