// The reminder's setting through the API: off by default, set and cleared by an admin, refused
// out of range and to anyone else.
import { NudgeSettings } from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createMember } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');

describe('the reward reminder setting', { timeout: 120_000 }, () => {
  it('is off by default, set and cleared by an admin, refused out of range and to others', async () => {
    const admin = await h().adminToken();
    expect(bodyOf(await h().call('GET', '/api/admin/nudges', { token: admin }), NudgeSettings)).toEqual({ rewardWaitingDays: null });
    expect(bodyOf(await h().call('PUT', '/api/admin/nudges', { token: admin, body: { rewardWaitingDays: 7 } }), NudgeSettings))
      .toEqual({ rewardWaitingDays: 7 });
    expect(bodyOf(await h().call('GET', '/api/admin/nudges', { token: admin }), NudgeSettings)).toEqual({ rewardWaitingDays: 7 });
    for (const rewardWaitingDays of [0, 91, 2.5, '7']) {
      expect((await h().call('PUT', '/api/admin/nudges', { token: admin, body: { rewardWaitingDays } })).status).toBe(400);
    }
    expect(bodyOf(await h().call('PUT', '/api/admin/nudges', { token: admin, body: { rewardWaitingDays: null } }), NudgeSettings))
      .toEqual({ rewardWaitingDays: null });
    const member = await createMember(h());
    expect((await h().call('PUT', '/api/admin/nudges', { token: member.token, body: { rewardWaitingDays: 3 } })).status).toBe(403);
    expect((await h().call('GET', '/api/admin/nudges')).status).toBe(401);
  });
});
