// Wallet pushes on real Postgres: an approval (a points-ledger event) queues
// exactly one push per registered Apple device and one Google update, never two for a target
// still waiting; the drain's claim takes each once, and a failed push goes back to the queue.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { drainWalletPushes } from '../../supabase/functions/_shared/wallet/push.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, approveVisit, createAuthUser, createMember, createStaff } from '../support/factories.ts';

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

describe('a replaced printed card', () => {
  it("puts the new card's QR on the wallet card and queues one push per device and one Google update", async () => {
    const { sql } = db;
    const member = await createMember(sql, 'Card Replaced');
    const card = await actAs(sql, member.claims, async (tx) => {
      const [row] = await tx<{ result: Card & { updateTag: number } }[]>`select app.my_wallet_card(true) as result`;
      return row!.result;
    });
    await sql`select app.wallet_register_device(${card.serial}::uuid, 'device-r1', 'token-r1'),
                     app.wallet_register_device(${card.serial}::uuid, 'device-r2', 'token-r2')`;
    const { before } = (await sql<{ before: { lastUpdated: string } }[]>`
      select app.wallet_serials_since('device-r1', null) as before`)[0]!;

    const admin = await createAuthUser(sql, { phone: '13125550881', appMetadata: { provider: 'phone', role: 'admin' } });
    const replaced = await actAs(sql, admin.claims, async (tx) => {
      const [row] = await tx<{ r: { qr: string } }[]>`select app.admin_replace_member_card(${member.customerId}, 'Lost') as r`;
      return row!.r;
    });
    expect(replaced.qr).toMatch(new RegExp(`^customer:${member.customerId}:[0-9a-f]{12}$`));

    // The card the member's wallet fetches, by serial (Apple) or signed in (Google), carries the new value.
    const { bySerial } = (await sql<{ bySerial: Card & { updateTag: number } }[]>`
      select app.wallet_card_by_serial(${card.serial}::uuid) as "bySerial"`)[0]!;
    expect(bySerial.qr).toBe(replaced.qr);
    expect(bySerial.updateTag).toBeGreaterThan(card.updateTag);
    const mine = await actAs(sql, member.claims, async (tx) => {
      const [row] = await tx<{ result: Card }[]>`select app.my_wallet_card(false) as result`;
      return row!.result;
    });
    expect(mine.qr).toBe(replaced.qr);

    const queued = await sql<{ kind: string; push_token: string; n: number }[]>`
      select kind, push_token, count(*)::int as n from private.wallet_pushes
       where customer_id = ${member.customerId} and status = 'queued' group by 1, 2 order by 1, 2`;
    expect(queued).toEqual([
      { kind: 'apple', push_token: 'token-r1', n: 1 },
      { kind: 'apple', push_token: 'token-r2', n: 1 },
      { kind: 'google', push_token: '', n: 1 },
    ]);
    // The device's list of updated serials names the card again.
    const { after } = (await sql<{ after: { serialNumbers: string[] } | null }[]>`
      select app.wallet_serials_since('device-r1', ${before.lastUpdated}::bigint) as after`)[0]!;
    expect(after?.serialNumbers).toEqual([card.serial]);

    // A second replacement while those wait adds no push; each claimed push carries the newest QR.
    const again = await actAs(sql, admin.claims, async (tx) => {
      const [row] = await tx<{ r: { qr: string } }[]>`select app.admin_replace_member_card(${member.customerId}, 'Lost again') as r`;
      return row!.r;
    });
    const { n } = (await sql<{ n: number }[]>`
      select count(*)::int as n from private.wallet_pushes where customer_id = ${member.customerId}`)[0]!;
    expect(n).toBe(3);
    const { claimed } = (await sql<{ claimed: { card: Card }[] }[]>`select app.wallet_pushes_claim(50) as claimed`)[0]!;
    const mineClaimed = claimed.filter((push) => push.card.serial === card.serial);
    expect(mineClaimed.map((push) => push.card.qr)).toEqual([again.qr, again.qr, again.qr]);
  });

  it('queues nothing for a member who has no wallet card', async () => {
    const { sql } = db;
    const member = await createMember(sql, 'No Wallet');
    const admin = await createAuthUser(sql, { phone: '13125550882', appMetadata: { provider: 'phone', role: 'admin' } });
    await actAs(sql, admin.claims, (tx) => tx`select app.admin_replace_member_card(${member.customerId}, 'Lost')`);
    const { n } = (await sql<{ n: number }[]>`
      select count(*)::int as n from private.wallet_pushes where customer_id = ${member.customerId}`)[0]!;
    expect(n).toBe(0);
  });
});

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }

/** A fake APNs and Google API on 127.0.0.1: records every request; APNs answers `apnsStatus`. */
async function fakeServer() {
  const seen: Seen[] = [];
  const state = { apnsStatus: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'fake-google-token' }));
      } else if (req.url?.startsWith('/3/device/')) {
        res.writeHead(state.apnsStatus).end(state.apnsStatus === 200 ? '' : '{"reason":"ServiceUnavailable"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, state, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the wallet drain', () => {
  it('sends the empty APNs push and the Google PATCH with the new balance, and retries while APNs is down', async () => {
    const { sql } = db;
    const fake = await fakeServer();
    try {
      const apnsKey = await generateKeyPair('ES256', { extractable: true });
      const googleKey = await generateKeyPair('RS256', { extractable: true });
      const deps = {
        db: createDb(sql, { demoMode: false }),
        apns: { teamId: 'TEAM123456', keyId: 'KEY1234567', key: await exportPKCS8(apnsKey.privateKey), topic: 'pass.test.village', baseUrl: fake.base },
        google: {
          issuerId: '3388000000012345678', clientEmail: 'wallet@test.iam.gserviceaccount.com', privateKey: await exportPKCS8(googleKey.privateKey),
          classSuffix: 'village_rewards', origins: [], apiBaseUrl: fake.base, tokenUrl: `${fake.base}/token`,
        },
      };
      // Whatever earlier tests left in the outbox goes first.
      await drainWalletPushes(deps);
      fake.seen.length = 0;

      const member = await createMember(sql, 'Drained Member');
      const card = await actAs(sql, member.claims, async (tx) => {
        const [row] = await tx<{ result: Card }[]>`select app.my_wallet_card(true) as result`;
        return row!.result;
      });
      await sql`select app.wallet_register_device(${card.serial}::uuid, 'device-z', 'token-z')`;
      const staff = await createStaff(sql, 'museum');
      await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
      const { points } = (await sql<{ points: number }[]>`select total_points as points from public.customers where id = ${member.customerId}`)[0]!;

      // APNs is down: the Apple push waits in the queue, the Google PATCH goes.
      fake.state.apnsStatus = 503;
      expect(await drainWalletPushes(deps)).toEqual({ claimed: 2, sent: 1, failed: 1 });
      const patch = fake.seen.find((request) => request.method === 'PATCH');
      expect(patch?.url).toBe(`/walletobjects/v1/loyaltyObject/3388000000012345678.${member.customerId}`);
      expect(patch?.headers.authorization).toBe('Bearer fake-google-token');
      expect((JSON.parse(patch!.body) as { loyaltyPoints: { balance: { int: number } } }).loyaltyPoints.balance.int).toBe(points);
      const grant = new URLSearchParams(fake.seen.find((request) => request.url === '/token')!.body);
      expect(grant.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      await jwtVerify(grant.get('assertion')!, await importSPKI(await exportSPKI(googleKey.publicKey), 'RS256'), { audience: `${fake.base}/token` });

      // APNs is back: the retry (due a minute later) reaches it once.
      fake.state.apnsStatus = 200;
      fake.seen.length = 0;
      expect(await drainWalletPushes(deps, new Date(Date.now() + 2 * 60_000))).toEqual({ claimed: 1, sent: 1, failed: 0 });
      expect(fake.seen.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /3/device/token-z']);
      const push = fake.seen[0]!;
      expect(push.headers['apns-topic']).toBe('pass.test.village');
      expect(push.body).toBe('{}');
      const jwt = String(push.headers.authorization).replace(/^bearer /, '');
      const { protectedHeader } = await jwtVerify(jwt, await importSPKI(await exportSPKI(apnsKey.publicKey), 'ES256'), { issuer: 'TEAM123456' });
      expect(protectedHeader.kid).toBe('KEY1234567');
      expect(await drainWalletPushes(deps, new Date(Date.now() + 5 * 60_000))).toEqual({ claimed: 0, sent: 0, failed: 0 });
    } finally {
      await fake.close();
    }
  });
});
