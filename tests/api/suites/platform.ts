// Cross-cutting behaviour: callers from tokens, the error shape, body rules, CORS, not found.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallerKind } from '../../../supabase/functions/_shared/caller.ts';
import { parseConfig } from '../../../supabase/functions/_shared/config.ts';
import { LocationList } from '../../../supabase/functions/_shared/contract.ts';
import type { Endpoint } from '../../../supabase/functions/_shared/endpoint.ts';
import { endpointList } from '../../../supabase/functions/_shared/endpoints.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, createOwner, createStaff, nextPhone } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

const SIGNED_IN: Exclude<CallerKind, 'anon'>[] = ['kiosk', 'member', 'staff', 'admin'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const pathOf = (endpoint: Endpoint) =>
  endpoint.path.replace(':locationId', 'creamery').replace(/:[a-zA-Z]+Id\b/g, SOME_ID);
const label = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;
const withBody = endpointList.filter((endpoint) => endpoint.body);

export function platformSuite(kind: DatabaseKind) {
  describe(`platform (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);

    it('lists the six businesses to anyone, in their order, with welcome rewards', async () => {
      const locations = bodyOf(await h().call('GET', '/api/locations'), LocationList);
      expect(locations.map((l) => l.id)).toEqual(['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge']);
      expect(locations.find((l) => l.id === 'creamery')?.welcomeReward?.name).toBe('Free Ice Cream Scoop');
    });

    it('treats the anon key as nobody in particular and a member token as that member', async () => {
      expect((await h().call('GET', '/api/locations', { token: h().auth.anonKey })).status).toBe(200);
      const member = await createMember(h());
      expect((await h().call('GET', '/api/locations', { token: member.token })).status).toBe(200);
    });

    it('refuses a token that is not a verified Supabase access token with 401', async () => {
      const member = await createMember(h());
      const [header, payload, signature] = member.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, app_metadata: { role: 'admin' } })).toString('base64url');
      for (const token of [`${header}.${forged}.${signature}`, 'not-a-jwt', `${header}.${payload}.`]) {
        const response = await h().call('GET', '/api/admin/activity', { token });
        expect(response.status).toBe(401);
        expect(response.error?.code).toBe('unauthorized');
      }
      const basic = await h().call('GET', '/api/locations', { headers: { authorization: 'Basic abc' } });
      expect(basic.status).toBe(401);
    });

    it('answers unknown paths with the JSON error shape', async () => {
      const response = await h().call('GET', '/api/no-such-thing');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    });

    it('refuses query parameters an endpoint does not take', async () => {
      const response = await h().call('GET', '/api/locations?debug=1');
      expect(response.status).toBe(400);
      expect(response.error?.fields).toEqual({ debug: ['Unknown field'] });
    });

    it('refuses a body over 16 KB with 413 before reading it', async () => {
      const response = await h().call('POST', '/api/customers', {
        body: { name: 'x'.repeat(17 * 1024), phone: '3125550000' },
      });
      expect(response.status).toBe(413);
      expect(response.error?.code).toBe('payload_too_large');
      const [row] = await h().db.sql`select count(*)::int as n from public.customers where phone = '+13125550000'`;
      expect(row?.n).toBe(0);
    });

    it('refuses bodies that are not JSON objects sent as JSON', async () => {
      const notJson = await h().call('POST', '/api/customers', { body: '{"name": ' });
      expect(notJson.status).toBe(400);
      expect(notJson.error?.message).toMatch(/not valid JSON/);
      const form = await h().call('POST', '/api/customers', {
        body: 'name=Ann&phone=3125550001',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(400);
      expect(form.error?.message).toMatch(/Content-Type: application\/json/);
      const empty = await h().call('POST', '/api/customers', { headers: { 'content-type': 'application/json' } });
      expect(empty.status).toBe(400);
    });

    it('allows browser calls only from the configured origins', async () => {
      const preflight = (origin: string) =>
        h().call('OPTIONS', '/api/customers', {
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      expect((await preflight('http://localhost:5173')).headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    });

    describe('every endpoint of the registry', () => {
      let tokens: Record<Exclude<CallerKind, 'anon'>, string>;
      const call = (endpoint: Endpoint, token: string | undefined, body?: unknown) =>
        h().call(endpoint.method.toUpperCase(), pathOf(endpoint), { token, body });

      beforeAll(async () => {
        const member = await createMember(h());
        const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
        tokens = {
          kiosk: kiosk.token, member: member.token, staff: await createStaff(h(), 'creamery'),
          owner: await createOwner(h(), 'creamery'), admin: await h().adminToken(),
        };
      }, 60_000);

      it.each(endpointList.filter((e) => !e.roles.includes('anon')).map((e) => [label(e), e] as const))(
        '%s answers 401 to nobody',
        async (_, endpoint) => {
          const response = await call(endpoint, undefined, endpoint.body ? {} : undefined);
          expect(response.status).toBe(401);
          expect(response.error?.code).toBe('unauthorized');
        },
      );

      const restricted = endpointList.filter((e) => SIGNED_IN.some((kind) => !e.roles.includes(kind)));
      it.each(restricted.map((e) => [label(e), e] as const))('%s answers 403 to each kind of caller it is not for', async (_, endpoint) => {
        for (const kind of SIGNED_IN.filter((k) => !endpoint.roles.includes(k))) {
          const response = await call(endpoint, tokens[kind], endpoint.body ? {} : undefined);
          expect([kind, response.status]).toEqual([kind, 403]);
        }
      });

      it.each(withBody.map((e) => [label(e), e] as const))('%s refuses a 17 KB body (413)', async (_, endpoint) => {
        const token = tokens[endpoint.roles.find((k) => k !== 'anon') as Exclude<CallerKind, 'anon'>];
        const response = await call(endpoint, token, { padding: 'x'.repeat(17 * 1024) });
        expect(response.status).toBe(413);
      });

      it.each(withBody.map((e) => [label(e), e] as const))('%s refuses non-objects and unknown fields (400)', async (_, endpoint) => {
        const token = tokens[endpoint.roles.find((k) => k !== 'anon') as Exclude<CallerKind, 'anon'>];
        for (const body of ['[]', 'null', '"x"', '7']) expect((await call(endpoint, token, body)).status).toBe(400);
        const unknown = await call(endpoint, token, { unexpectedField: 1 });
        expect(unknown.status).toBe(400);
        expect(unknown.error?.fields?.unexpectedField).toEqual(['Unknown field']);
      });
    });

    it('is what the local stack serves at /functions/v1/api', async () => {
      const response = await fetch(`${h().auth.url}/functions/v1/api/locations`);
      expect(response.status).toBe(200);
      expect(LocationList.parse(await response.json())).toHaveLength(6);
    });

    // Through the local stack's gateway, which sets cf-connecting-ip from the socket as hosted
    // Supabase's Cloudflare does: a client inventing a new address per request gets nowhere.
    describe('per-address limits through the gateway', () => {
      let round = 0;
      const spoofed = () => {
        round += 1;
        return {
          'content-type': 'application/json',
          'cf-connecting-ip': `198.51.100.${round}`,
          'x-real-ip': `192.0.2.${round}`,
          'x-forwarded-for': `203.0.113.${round}`,
        };
      };
      const post = (path: string, body: unknown) =>
        fetch(`${h().auth.url}/functions/v1/api${path}`, { method: 'POST', headers: spoofed(), body: JSON.stringify(body) });
      const statuses = async (count: number, send: (i: number) => Promise<Response>) => {
        const seen: number[] = [];
        for (let i = 0; i < count; i += 1) seen.push((await send(i)).status);
        return seen;
      };
      const { contactPerIp, sendCodePerIp, customersPerClient } = parseConfig({
        SUPABASE_URL: 'http://localhost', SUPABASE_ANON_KEY: '-', SUPABASE_DB_URL: '-',
      }).rateLimits;

      it('keeps counting contact messages whatever address headers the client sends', async () => {
        const seen = await statuses(contactPerIp.limit + 1, () =>
          post('/contact', { name: 'Ann', email: 'ann@example.com', message: 'Hello' }));
        expect(seen).toEqual([...Array(contactPerIp.limit).fill(201), 429]);
      });

      it('keeps counting sign-in codes per address whatever address headers the client sends', async () => {
        const seen = await statuses(sendCodePerIp.limit + 1, () => post('/auth/send-code', { phone: nextPhone() }));
        expect(seen).toEqual([...Array(sendCodePerIp.limit).fill(200), 429]);
      });

      it('keeps counting sign-ups per address whatever address headers the client sends', async () => {
        const seen = await statuses(customersPerClient.limit + 1, () => post('/customers', { name: 'Ann', phone: nextPhone() }));
        expect(seen).toEqual([...Array(customersPerClient.limit).fill(201), 429]);
      });
    });

    it('gives every response a request id', async () => {
      const response = await h().call('GET', '/api/locations');
      expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    });
  });
}
