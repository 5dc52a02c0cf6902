// Every admin-only endpoint of the registry refuses the signed-out (401) and members, staff and
// kiosks (403) before reading its input: the list comes from the registry, so a new endpoint is covered.
import { describe, expect, it } from 'vitest';
import { endpointList } from '../../../supabase/functions/_shared/endpoints.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

const PARAMS: Record<string, string> = {
  locationId: 'creamery', visitId: '00000000-0000-4000-8000-000000000001', customerId: '00000000-0000-4000-8000-000000000002',
  kioskId: '00000000-0000-4000-8000-000000000003', flagId: '00000000-0000-4000-8000-000000000004',
  messageId: '00000000-0000-4000-8000-000000000005',
};

export function adminGuardSuite(kind: DatabaseKind) {
  describe(`admin endpoints refuse everyone else (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    // Admin endpoints, those a business owner may call for their own business too.
    const adminOnly = endpointList.filter((e) => e.roles.includes('admin') && e.roles.every((r) => r === 'admin' || r === 'owner'));

    it('covers the issue-14 admin endpoints', () => {
      const paths = adminOnly.map((e) => e.path);
      for (const path of ['/api/admin/customers/:customerId', '/api/admin/rewards', '/api/admin/exports/visits.csv', '/api/admin/coalition/settlement',
        '/api/admin/locations/:locationId/staff', '/api/admin/locations/:locationId/staff/revoke']) {
        expect(paths).toContain(path);
      }
    });

    it('answers 401 signed out and 403 to a member, staff and a kiosk on every admin endpoint', async () => {
      const tokens = await nonAdminTokens(h());
      for (const endpoint of adminOnly) {
        const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');
        const method = endpoint.method.toUpperCase();
        const body = endpoint.method === 'get' ? undefined : { reason: 'x', code: 'abcdefgh1234' };
        expect([path, (await h().call(method, path, { body })).status]).toEqual([path, 401]);
        for (const [who, token] of Object.entries(tokens)) {
          const response = await h().call(method, path, { token, body });
          expect([path, who, response.status, response.error?.code]).toEqual([path, who, 403, 'forbidden']);
        }
      }
    });
  });
}
