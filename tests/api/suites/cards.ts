// Member cards through the API: a member reads their own card; an admin prints and replaces one;
// the counter's scan refuses the old card (410, plain words) and accepts the new one, on both the
// visit approval and the card scan for redeeming.
import { describe, expect, it } from 'vitest';
import { ApproveVisitResponse, MemberCard } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function cardsSuite(kind: DatabaseKind) {
  describe(`member cards (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);

    it('replaces a lost card: the old QR is refused at the counter, the new one accepted', async () => {
      const member = await createMember(h());
      const admin = await h().adminToken();
      const clerk = await createStaff(h(), 'museum');
      const path = `/api/admin/customers/${member.id}/card`;

      const mine = bodyOf(await h().call('GET', '/api/me/card', { token: member.token }), MemberCard);
      expect(mine).toMatchObject({ customerId: member.id, qr: `customer:${member.id}`, version: 1, issuedAt: null });

      for (const token of [member.token, (await createKiosk(h(), 'creamery')).token, clerk]) {
        expect((await h().call('POST', path, { token, body: {} })).status).toBe(403);
        expect((await h().call('GET', path, { token })).status).toBe(403);
      }
      const printed = bodyOf(await h().call('GET', path, { token: admin }), MemberCard);
      expect(printed.qr).toBe(`customer:${member.id}`);

      const card = bodyOf(await h().call('POST', path, { token: admin, body: { reason: 'Lost on the bus' } }), MemberCard);
      expect(card.version).toBe(2);
      expect(card.qr).toMatch(new RegExp(`^customer:${member.id}:[0-9a-f]{12}$`));
      expect(bodyOf(await h().call('GET', '/api/me/card', { token: member.token }), MemberCard).qr).toBe(card.qr);

      for (const [method, url] of [['POST', '/api/visits/approve'], ['POST', '/api/rewards/scan-card']] as const) {
        const refused = await h().call(method, url, { token: clerk, body: { token: `customer:${member.id}` } });
        expect(refused.status).toBe(410);
        expect(refused.error?.message).toBe('This card was replaced and no longer works. Ask the member for their new card.');
      }
      const approved = bodyOf(
        await h().call('POST', '/api/visits/approve', { token: clerk, body: { token: card.qr } }),
        ApproveVisitResponse,
      );
      expect(approved.pointsEarned).toBe(5);
      expect((await h().call('POST', '/api/rewards/scan-card', { token: clerk, body: { token: card.qr } })).status).toBe(200);
    });
  });
}
