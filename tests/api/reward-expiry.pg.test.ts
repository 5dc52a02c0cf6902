// Optional reward expiry through the API (95_reward_expiry.sql): the operator's setting (validated,
// admins only), the member's dates in GET /api/me, and a reward past its date refused in plain words
// at every redemption path — the member's Redeem, the staff's counter, a kiosk confirming a code.
import {
  AdminCatalogue,
  CatalogueReward,
  MeResponse,
  StartRedemptionResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createKiosk, createMember, createStaff, recordVisit } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');
const EXPIRED = /^This reward expired on [A-Z][a-z]+ \d{1,2}, \d{4} and can no longer be used$/;

describe('reward expiry', { timeout: 120_000 }, () => {
  it('is set per reward by an admin only, 1 to 365 days or never', async () => {
    const admin = await h().adminToken();
    const catalogue = bodyOf(await h().call('GET', '/api/admin/catalogue', { token: admin }), AdminCatalogue);
    const scoop = catalogue.rewards.find((r) => r.locationId === 'creamery' && r.kind === 'welcome' && r.retiredAt === null)!;
    expect(scoop.expiresAfterDays).toBeNull();
    const put = (body: unknown, token?: string) => h().call('PUT', `/api/admin/rewards/${scoop.id}/expiry`, { token, body });
    for (const expiresAfterDays of [0, 366, 2.5, '30']) expect((await put({ expiresAfterDays }, admin)).status).toBe(400);
    expect((await put({}, admin)).status).toBe(400);
    const member = await createMember(h());
    expect((await put({ expiresAfterDays: 30 }, member.token)).status).toBe(403);
    expect((await put({ expiresAfterDays: 30 })).status).toBe(401);
    expect((await h().call('PUT', '/api/admin/rewards/00000000-0000-4000-8000-00000000beef/expiry', { token: admin, body: { expiresAfterDays: 30 } })).status).toBe(404);
    expect(bodyOf(await put({ expiresAfterDays: 30 }, admin), CatalogueReward).expiresAfterDays).toBe(30);
    const after = bodyOf(await h().call('GET', '/api/admin/catalogue', { token: admin }), AdminCatalogue);
    expect(after.rewards.find((r) => r.id === scoop.id)).toMatchObject({ expiresAfterDays: 30, expired: 0 });
  });

  it('shows the member the date, and refuses a reward past it at every path, in plain words', async () => {
    const admin = await h().adminToken();
    const member = await createMember(h());
    await recordVisit(h(), admin, member.id, 'creamery');
    const mine = async () =>
      bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse).rewards.find((r) => r.reward.name === 'Free Ice Cream Scoop')!;
    const scoop = await mine();
    expect(scoop).toMatchObject({ status: 'unlocked', expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    expect(Date.parse(scoop.expiresAt!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // A code asked for while it was valid, then the date passes (the run has not recorded it yet).
    const started = bodyOf(await h().call('POST', '/api/rewards/redemption-code', { token: member.token, body: { customerRewardId: scoop.id } }),
      StartRedemptionResponse, 201);
    await h().db.sql`update public.customer_rewards set expires_at = now() - interval '1 minute' where id = ${scoop.id}`;
    expect(await mine()).toMatchObject({ status: 'expired' });

    const refusals = [
      await h().call('POST', '/api/rewards/redemption-code', { token: member.token, body: { customerRewardId: scoop.id } }),
      await h().call('POST', '/api/rewards/redeem-code', { token: (await createKiosk(h(), 'creamery')).token, body: { code: started.code } }),
    ];
    const staff = await createStaff(h(), 'creamery');
    expect((await h().call('POST', '/api/rewards/scan-card', { token: staff, body: { token: `customer:${member.id}` } })).status).toBe(200);
    refusals.push(await h().call('POST', '/api/rewards/redeem', { token: staff, body: { customerRewardId: scoop.id } }));
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.error?.message).toMatch(EXPIRED);
    }
    const [row] = await h().db.sql<{ status: string; redeemed_at: Date | null }[]>`
      select status, redeemed_at from public.customer_rewards where id = ${scoop.id}`;
    expect(row).toEqual({ status: 'unlocked', redeemed_at: null });
  });
});
