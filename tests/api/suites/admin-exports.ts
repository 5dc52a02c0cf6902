// The admin CSV exports: customers with consents, visits of a range, streamed.
import { describe, expect, it } from 'vitest';
import { recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { csvRecords, parseCsv } from './csv.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

export function adminExportsSuite(kind: DatabaseKind) {
  describe(`admin CSV exports (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    const get = async (path: string) => h().call('GET', path, { token: await h().adminToken() });

    it('exports customers with consent flags and wording, quoted and formula-safe', async () => {
      const plain = await signUp(h(), { name: 'Exportee Plain', smsConsent: true, email: 'plain@example.com' });
      const tricky = await signUp(h(), { name: 'Exportee "Quote", Comma' });
      const formula = await signUp(h(), { name: '=Exportee HYPERLINK' });
      const response = await get('/api/admin/exports/customers.csv?search=exportee');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = response.body as string;
      expect(text.replace(/^\uFEFF/, '').startsWith('Customer ID,Name,Phone,Email,Points,Status,Total Visits,Last Visit,Joined,')).toBe(true);
      expect(text).toContain('"Exportee ""Quote"", Comma"');
      const rows = csvRecords(text);
      expect(rows.map((r) => r['Customer ID'])).toEqual([plain.id, tricky.id, formula.id]);
      expect(rows[0]).toMatchObject({
        Name: 'Exportee Plain', Phone: plain.phone, Email: 'plain@example.com', Points: '0', Status: 'Bronze',
        // Ticked on the form, not yet confirmed by the phone: not a consenting member yet.
        'Total Visits': '0', 'Last Visit': '', 'Joined Via': 'web', 'SMS Consent': 'false', 'Email Consent': 'false',
        'SMS Consent Pending Confirmation': 'true',
        'SMS Consent Scope': 'Village Rewards programme, on behalf of the businesses taking part (listed at /businesses)',
      });
      expect(rows[0]!['SMS Consent Wording']).toMatch(/^I agree to receive SMS notifications/);
      expect(rows[0]!['SMS Consent Given At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(rows[1]).toMatchObject({
        Name: 'Exportee "Quote", Comma', 'SMS Consent': 'false', 'SMS Consent Wording': '',
        'SMS Consent Pending Confirmation': 'false',
      });
      expect(rows[2]!.Name).toBe("'=Exportee HYPERLINK");
    });

    it('streams thousands of rows across many batches, each exactly once', async () => {
      await h().db.sql`
        insert into public.customers (name, phone, signup_channel)
        select 'Bulkexport ' || i, '+1' || (9000000000 + i)::text, 'web' from generate_series(1, 2600) as g(i)`;
      const text = (await get('/api/admin/exports/customers.csv?search=bulkexport')).body as string;
      const rows = parseCsv(text);
      expect(rows).toHaveLength(2601);
      expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(2600);
      expect(rows.every((r) => r.length === 17)).toBe(true);
    });

    it('exports the visits of the range, voided ones marked', async () => {
      await h().db.sql`update private.settings set min_visit_gap_anywhere = interval '0', max_visits_per_hour = 0`;
      const customer = await signUp(h(), { name: 'Visit Exporter' });
      const admin = await h().adminToken();
      const first = (await recordVisit(h(), admin, customer.id, 'joanies')).visitId;
      const second = (await recordVisit(h(), admin, customer.id, 'museum')).visitId;
      await h().db.sql`update public.visits set created_at = '2022-03-05T18:00:00Z' where id = ${first}`;
      await h().db.sql`update public.visits set created_at = '2022-03-06T18:00:00Z' where id = ${second}`;
      expect((await h().call('POST', `/api/admin/visits/${second}/void`, { token: admin, body: { reason: 'Test, "void"' } })).status).toBe(200);
      const response = await get('/api/admin/exports/visits.csv?range=custom&from=2022-03-01&to=2022-03-31');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="visits-all-2022-03-01-to-2022-03-31.csv"');
      const rows = csvRecords(response.body as string);
      expect(rows).toEqual([
        {
          'Visit ID': first, 'Visited At': '2022-03-05T18:00:00.000Z', 'Location ID': 'joanies', Business: "Joanie's Pizzeria",
          'Customer ID': customer.id, Customer: 'Visit Exporter', Points: '5', 'Approved Via': 'admin', Status: 'approved',
          'Voided At': '', 'Void Reason': '',
        },
        expect.objectContaining({ 'Visit ID': second, 'Location ID': 'museum', Status: 'voided', 'Void Reason': 'Test, "void"' }),
      ]);
      const museum = csvRecords((await get('/api/admin/exports/visits.csv?location=museum&range=custom&from=2022-03-01&to=2022-03-31')).body as string);
      expect(museum.map((r) => r['Visit ID'])).toEqual([second]);
    });

    it('refuses the exports to everyone but admins, and bad filters', async () => {
      const tokens = await nonAdminTokens(h());
      for (const path of ['/api/admin/exports/customers.csv', '/api/admin/exports/visits.csv']) {
        expect((await h().call('GET', path)).status).toBe(401);
        for (const token of Object.values(tokens)) expect((await h().call('GET', path, { token })).status).toBe(403);
      }
      expect((await get('/api/admin/exports/visits.csv?range=all')).status).toBe(400);
      expect((await get('/api/admin/exports/visits.csv?location=atlantis')).status).toBe(404);
      expect((await get('/api/admin/exports/customers.csv?range=custom&from=2024-02-01')).status).toBe(400);
    });
  });
}
