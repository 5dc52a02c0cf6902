// The prize draw's endpoints on real Postgres: the operator sets a draw up and runs it once the
// month is over (the month moved into the past here, as time would), the public list and one draw
// verify with scripts/verify-draw.ts (also as a JSON file, through the script's own command line),
// the member sees their entries and their prize, a wrong seed is a 422, and the roles are enforced.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AdminDrawsResponse, CreateDrawResponse, MeResponse, MyDrawsResponse, PublicDraw, PublicDrawsResponse, RunDrawResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { verifyDraw } from '../../scripts/verify-draw.ts';
import { bodyOf } from '../support/api-client.ts';
import { createMember, createStaff, recordVisit } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');
const run = promisify(execFile);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' }).format(new Date());
const nextMonth = () => {
  const [y, m] = thisMonth().split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const DRAW = {
  sponsorLocationId: 'creamery', prizeKind: 'voucher', prizeName: '$20 to spend anywhere', prizeDescription: 'From the Creamery',
  prizeValueCents: 2000, minBusinesses: 2, maxEntries: 3,
} as const;

describe('prize draw endpoints', { timeout: 180_000 }, () => {
  it('runs a month: set up, entries on /api/me/draws, the draw, the prize in the rewards, the public values verify', async () => {
    const admin = await h().adminToken();
    const created = bodyOf(await h().call('POST', '/api/admin/draws', { token: admin, body: { ...DRAW, month: nextMonth() } }),
                           CreateDrawResponse, 201);
    expect(created).toMatchObject({ status: 'committed', seed: null, seedKept: true, entries: null });
    // The public sees the commitment, not the seed.
    const before = bodyOf(await h().call('GET', '/api/draws'), PublicDrawsResponse);
    expect(before.draws[0]).toMatchObject({ id: created.id, commitment: created.commitment, seed: null });
    // One draw per month.
    expect((await h().call('POST', '/api/admin/draws', { token: admin, body: { ...DRAW, month: nextMonth() } })).status).toBe(409);
    // This month has started: too late to commit to a seed for it.
    expect((await h().call('POST', '/api/admin/draws', { token: admin, body: { ...DRAW, month: thisMonth() } })).status).toBe(409);

    // The month comes: the draw is this month's (time moved, not the rules).
    await h().db.sql`update private.draws set month = ${thisMonth()} where id = ${created.id}`;
    const ann = await createMember(h(), { name: 'Ann Entrant', smsConsent: true });
    const bob = await createMember(h(), { name: 'Bob Entrant' });
    for (const where of ['creamery', 'broken-bridge', 'museum']) await recordVisit(h(), admin, ann.id, where);
    await recordVisit(h(), admin, bob.id, 'creamery');
    const annDraws = bodyOf(await h().call('GET', '/api/me/draws', { token: ann.token }), MyDrawsResponse);
    expect(annDraws.draws[0]).toMatchObject({ id: created.id, businesses: 3, entries: 2, businessesForNextEntry: 1, eligible: true });
    expect(annDraws.draws[0]!.entryId).toBe(sha256(`${created.id}:${ann.id}`));
    const bobDraws = bodyOf(await h().call('GET', '/api/me/draws', { token: bob.token }), MyDrawsResponse);
    expect(bobDraws.draws[0]).toMatchObject({ businesses: 1, entries: 0, businessesForNextEntry: 1 });
    // A member who becomes staff keeps their visits but has no entries.
    const carol = await createMember(h(), { name: 'Carol Clerk' });
    for (const where of ['creamery', 'museum']) await recordVisit(h(), admin, carol.id, where);
    await h().db.sql`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "staff", "location_id": "museum"}'
                      where id = (select user_id from public.customers where id = ${carol.id})`;
    const carolDraws = bodyOf(await h().call('GET', '/api/me/draws', { token: carol.token }), MyDrawsResponse).draws;
    expect(carolDraws[0]).toMatchObject({ businesses: 2, eligible: false, entries: 0, businessesForNextEntry: null });
    // Staff without a membership have no draws to show.
    const staff = await createStaff(h(), 'museum');
    expect(bodyOf(await h().call('GET', '/api/me/draws', { token: staff }), MyDrawsResponse).draws).toEqual([]);

    const listed = bodyOf(await h().call('GET', '/api/admin/draws', { token: admin }), AdminDrawsResponse).draws[0]!;
    expect(listed).toMatchObject({ entrants: 1, entriesSoFar: 2, seedKept: true, winner: null });
    // Not over yet: the draw waits.
    expect((await h().call('POST', `/api/admin/draws/${created.id}/run`, { token: admin, body: {} })).status).toBe(409);

    // The month ends: the draw runs with the kept seed; a wrong one is refused first.
    await h().db.sql`update private.draws set month = '2021-05' where id = ${created.id}`;
    await h().db.sql`update public.visits set created_at = '2021-05-12T17:00:00Z' where customer_id in (${ann.id}, ${bob.id}, ${carol.id})`;
    const wrong = await h().call('POST', `/api/admin/draws/${created.id}/run`, { token: admin, body: { seed: 'not the seed at all, sorry' } });
    expect([wrong.status, wrong.error?.code]).toEqual([422, 'unprocessable']);
    const drawn = bodyOf(await h().call('POST', `/api/admin/draws/${created.id}/run`, { token: admin, body: {} }), RunDrawResponse);
    expect(drawn).toMatchObject({ status: 'drawn', totalEntries: 2, winner: { customerId: ann.id, name: 'Ann Entrant' } });
    expect(sha256(drawn.seed!)).toBe(created.commitment);

    // The prize is in Ann's rewards; she is told on /api/me/draws.
    const me = bodyOf(await h().call('GET', '/api/me', { token: ann.token }), MeResponse);
    expect(me.rewards.find((r) => r.reward.name === DRAW.prizeName)).toMatchObject({ status: 'unlocked', reward: { scope: 'network' } });
    const won = bodyOf(await h().call('GET', '/api/me/draws', { token: ann.token }), MyDrawsResponse).draws;
    expect(won).toEqual([]); // 2021 is long gone; the member's list covers this month and the last two
    const [text] = await h().db.sql`select body from private.texts where customer_id = ${ann.id} and kind = 'reward_ready'`;
    expect(text!.body).toContain('You won the May 2021 prize draw');

    // The public values verify, from the API and from a JSON file through the script's command line.
    const one = bodyOf(await h().call('GET', `/api/draws/${created.id}`), PublicDraw);
    expect(JSON.stringify(one)).not.toContain(ann.id);
    expect(verifyDraw(one)).toMatchObject({ ok: true, winnerEntryId: sha256(`${created.id}:${ann.id}`) });
    const dir = mkdtempSync(join(tmpdir(), 'draw-'));
    writeFileSync(join(dir, 'draws.json'), JSON.stringify(bodyOf(await h().call('GET', '/api/draws'), PublicDrawsResponse)));
    const ok = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', join(dir, 'draws.json'), '--month', '2021-05']);
    expect(ok.stdout).toContain('The 2021-05 draw checks out');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...one, seed: 'a different seed entirely' }));
    const bad = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', join(dir, 'bad.json')]).catch((e: { code: number; stdout: string }) => e);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stdout: string }).stdout).toContain('FAIL seed matches commitment');

    // Run once only; unknown draws are 404.
    expect((await h().call('POST', `/api/admin/draws/${created.id}/run`, { token: admin, body: {} })).status).toBe(409);
    expect((await h().call('GET', '/api/draws/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps the operator\'s own seed out of the database until the draw, and refuses bad input', async () => {
    const admin = await h().adminToken();
    const seed = 'kept in the operator\'s drawer';
    const made = bodyOf(await h().call('POST', '/api/admin/draws', {
      token: admin, body: { ...DRAW, month: '2099-03', prizeKind: 'reward', commitment: sha256(seed) },
    }), CreateDrawResponse, 201);
    expect(made).toMatchObject({ seedKept: false, commitment: sha256(seed), prize: { kind: 'reward' } });
    for (const body of [{ ...DRAW, month: '2099-04', commitment: 'abc' }, { ...DRAW, month: '2099-04', minBusinesses: 0 },
                        { ...DRAW, month: '2099-04', prizeName: '' }, { ...DRAW, month: 'May' }]) {
      expect((await h().call('POST', '/api/admin/draws', { token: admin, body })).status).toBe(400);
    }
    expect((await h().call('POST', '/api/admin/draws', { token: admin, body: { ...DRAW, month: '2099-04', sponsorLocationId: 'nowhere' } })).status).toBe(404);
    const member = await createMember(h());
    expect((await h().call('POST', '/api/admin/draws', { token: member.token, body: { ...DRAW, month: '2099-05' } })).status).toBe(403);
    expect((await h().call('GET', '/api/admin/draws', { token: member.token })).status).toBe(403);
    expect((await h().call('GET', '/api/me/draws')).status).toBe(401);
    // Signed out, the public list still answers.
    expect((await h().call('GET', '/api/draws')).status).toBe(200);
  });
});
