// Outages short of a restart, on real Postgres: a statement timeout, and Supabase Auth down (its
// JWKS for a token the API has not seen yet, GoTrue for send-code and verify). Each answers a
// clear 503 with Retry-After and writes nothing; the same request succeeds once the fault is gone.
import { createServer, type Server } from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../supabase/functions/_shared/app.ts';
import { ApproveVisitResponse } from '../../supabase/functions/_shared/contract.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { useHarness } from '../api/suites/harness.ts';
import { bodyOf, callApp } from '../support/api-client.ts';
import { createMember, createStaff, nextPhone, signUp } from '../support/api-factories.ts';
import { brokenInvariants, SOUND } from '../fuzz/invariants.ts';

const h = useHarness('postgres');

// An Auth that answers every request with a 503, as a failing deployment would.
let failingAuth: Server;
let failingAuthUrl: string;
beforeAll(async () => {
  failingAuth = createServer((_, response) => response.writeHead(503, { 'content-type': 'text/plain' }).end('upstream down'));
  await new Promise<void>((resolve) => failingAuth.listen(0, '127.0.0.1', resolve));
  failingAuthUrl = `http://127.0.0.1:${(failingAuth.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => failingAuth.close(() => resolve())));

async function writesOf(customerId: string) {
  const [row] = await h().db.sql<{ points: number; visits: number; events: number }[]>`
    select c.total_points as points,
           (select count(*)::int from public.visits v where v.customer_id = c.id) as visits,
           (select count(*)::int from public.points_ledger l where l.customer_id = c.id) as events
      from public.customers c where c.id = ${customerId}`;
  return row;
}

describe('a statement timeout', () => {
  it('answers 503 with Retry-After and writes nothing; the retry with the same key then awards once', async () => {
    const customer = await signUp(h());
    const staff = await createStaff(h(), 'creamery');
    // The API over a client whose statements may run 200 ms, while another transaction holds the
    // customer's row: the approval waits on it until the timeout cancels it.
    const impatient = postgres(h().db.url, { prepare: false, max: 2, onnotice: () => {}, connection: { statement_timeout: 200 } });
    const app = createApp({ db: createDb(impatient, { demoMode: false }), config: h().config });
    const approve = (target = app) =>
      callApp(target, 'POST', '/api/visits/approve', {
        token: staff,
        body: { token: `customer:${customer.id}`, locationId: 'creamery' },
        headers: { 'idempotency-key': 'timeout-approval-0001' },
      });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h().db.sql.begin(async (tx) => {
      await tx`select id from public.customers where id = ${customer.id} for update`;
      locked();
      await held;
    });
    try {
      await isLocked;
      const timedOut = await approve();
      expect(timedOut.status).toBe(503);
      expect(timedOut.error?.code).toBe('unavailable');
      expect(timedOut.headers.get('retry-after')).toBe('2');
    } finally {
      release();
      await holder;
      await impatient.end({ timeout: 1 });
    }
    expect(await writesOf(customer.id)).toEqual({ points: 0, visits: 0, events: 0 });

    const retried = bodyOf(await approve(h().app), ApproveVisitResponse);
    expect(retried).toMatchObject({ pointsEarned: 5, totalPoints: 5 });
    expect(bodyOf(await approve(h().app), ApproveVisitResponse)).toEqual(retried);
    expect((await writesOf(customer.id))!).toMatchObject({ points: 5, visits: 1 });
  });
});

describe('Supabase Auth down', () => {
  it('answers 503 for a token the API has not verified yet when the JWKS is unreachable or failing, writing nothing', async () => {
    const customer = await signUp(h());
    const staff = await createStaff(h(), 'creamery');
    for (const supabaseUrl of ['http://127.0.0.1:9', failingAuthUrl]) {
      // A new app has no cached key set, as a fresh edge function instance has none.
      const cutOff = h().appWith({ supabaseUrl });
      const approved = await callApp(cutOff, 'POST', '/api/visits/approve', {
        token: staff,
        body: { token: `customer:${customer.id}`, locationId: 'creamery' },
      });
      expect(approved.status).toBe(503);
      expect(approved.error?.code).toBe('upstream_unavailable');
      expect(approved.headers.get('retry-after')).toBe('2');
    }
    expect(await writesOf(customer.id)).toEqual({ points: 0, visits: 0, events: 0 });
    // With Auth back the same request goes through.
    const approved = await h().call('POST', '/api/visits/approve', {
      token: staff,
      body: { token: `customer:${customer.id}`, locationId: 'creamery' },
    });
    expect(bodyOf(approved, ApproveVisitResponse).totalPoints).toBe(5);
  });

  it('answers 503 for send-code and verify while GoTrue is down or failing; no user, customer or link is made', async () => {
    const phone = nextPhone();
    const member = await createMember(h());
    for (const supabaseUrl of ['http://127.0.0.1:9', failingAuthUrl]) {
      const cutOff = h().appWith({ supabaseUrl });
      const sent = await callApp(cutOff, 'POST', '/api/auth/send-code', { body: { phone } });
      expect([sent.status, sent.error?.code, sent.headers.get('retry-after')]).toEqual([503, 'upstream_unavailable', '2']);
      const verified = await callApp(cutOff, 'POST', '/api/auth/verify', {
        body: { phone, code: '123456', name: 'Nobody Yet', smsConsent: false, emailConsent: false },
      });
      expect([verified.status, verified.error?.code]).toEqual([503, 'upstream_unavailable']);
      const out = await callApp(cutOff, 'POST', '/api/auth/logout', { token: member.token });
      expect(out.status).toBe(503);
    }
    const [users] = await h().db.sql<{ n: number }[]>`select count(*)::int as n from auth.users where phone = ${`1${phone}`}`;
    const [customers] = await h().db.sql<{ n: number }[]>`select count(*)::int as n from public.customers where phone = ${`+1${phone}`}`;
    expect([users!.n, customers!.n]).toEqual([0, 0]);
    // The member's session survived the failed sign-out.
    expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(200);
  });

  it('leaves every invariant of docs/RULES.md holding', async () => {
    expect(await brokenInvariants(h().db.sql)).toEqual(SOUND);
  });
});
