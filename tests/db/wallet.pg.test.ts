// Wallet pushes (issue 34 §1-2) on real Postgres: an approval (a points-ledger event) queues
// exactly one push per registered Apple device and one Google update, never two for a target
// still waiting; the drain's claim takes each once, and a failed push goes back to the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, approveVisit, createMember, createStaff } from '../support/factories.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createPostgresDatabase();
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

interface Card { serial: string; authToken: string; points: number; qr: string }

describe('wallet pushes', () => {
  it('an approval queues one push per registered device and one Google update', async () => {
    const { sql } = db;
    const member = await createMember(sql, 'Wallet Member');
    const card = await actAs(sql, member.claims, async (tx) => {
      const [row] = await tx<{ result: Card }[]>`select app.my_wallet_card(true) as result`;
      return row!.result;
    });
    expect(card.qr).toBe(`customer:${member.customerId}`);
    expect(card.authToken).toMatch(/^[0-9a-f]{64}$/);
    const registered = await sql<{ a: string; b: string; again: string }[]>`
      select app.wallet_register_device(${card.serial}::uuid, 'device-a', 'token-a') as a,
             app.wallet_register_device(${card.serial}::uuid, 'device-b', 'token-b') as b,
             app.wallet_register_device(${card.serial}::uuid, 'device-a', 'token-a') as again`;
    expect(registered[0]).toEqual({ a: 'created', b: 'created', again: 'exists' });

    const staff = await createStaff(sql, 'creamery');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const queued = await sql<{ kind: string; push_token: string; n: number }[]>`
      select kind, push_token, count(*)::int as n from private.wallet_pushes
       where customer_id = ${member.customerId} and status = 'queued' group by 1, 2 order by 1, 2`;
    expect(queued).toEqual([
      { kind: 'apple', push_token: 'token-a', n: 1 },
      { kind: 'apple', push_token: 'token-b', n: 1 },
      { kind: 'google', push_token: '', n: 1 },
    ]);

    // Another change while those wait adds nothing: each target has one push queued.
    await sql`insert into public.points_ledger (customer_id, event, points, actor_role, reason)
              values (${member.customerId}, 'adjustment', 1, 'admin', 'test')`;
    const { n } = (await sql<{ n: number }[]>`
      select count(*)::int as n from private.wallet_pushes where customer_id = ${member.customerId}`)[0]!;
    expect(n).toBe(3);

    // The device's list of updated serials follows the ledger.
    const { since } = (await sql<{ since: { serialNumbers: string[]; lastUpdated: string } }[]>`
      select app.wallet_serials_since('device-a', null) as since`)[0]!;
    expect(since.serialNumbers).toEqual([card.serial]);
    const { none } = (await sql<{ none: unknown }[]>`
      select app.wallet_serials_since('device-a', ${since.lastUpdated}::bigint) as none`)[0]!;
    expect(none).toBeNull();

    // The drain claims each push once; a failure goes back to the queue, a success is done.
    const { first } = (await sql<{ first: { id: number; kind: string; card: Card }[] }[]>`
      select app.wallet_pushes_claim(50) as first`)[0]!;
    expect(first).toHaveLength(3);
    // Each carries the card as it is now (the approval's points).
    const { points } = (await sql<{ points: number }[]>`select total_points as points from public.customers where id = ${member.customerId}`)[0]!;
    expect(points).toBeGreaterThan(card.points);
    expect(first.map((push) => push.card.points)).toEqual([points, points, points]);
    const { second } = (await sql<{ second: unknown[] }[]>`select app.wallet_pushes_claim(50) as second`)[0]!;
    expect(second).toEqual([]);
    const { failed } = (await sql<{ failed: string }[]>`
      select app.wallet_push_failed(${first[0]!.id}, 'APNs is down', false) as failed`)[0]!;
    expect(failed).toBe('queued');
    const { sent } = (await sql<{ sent: boolean }[]>`select app.wallet_push_sent(${first[1]!.id}) as sent`)[0]!;
    expect(sent).toBe(true);
    const { later } = (await sql<{ later: unknown[] }[]>`
      select app.wallet_pushes_claim(50, now() + interval '2 minutes') as later`)[0]!;
    expect(later).toHaveLength(1);
  });
});
