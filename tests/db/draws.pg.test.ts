// The monthly prize draw on real Postgres (90_draws.sql): entries equal an independent count of
// the month's approved visits (voids respected, excluded members left out); the same seed and
// entries always draw the same winner, whatever order the list comes in, and the TypeScript
// verifier (scripts/verify-draw.ts) agrees with the SQL; a seed that does not match the
// commitment is refused; excluded members never win; the prize is a reward that settles like any
// other; the winner is texted only with consent; every step is audited.
import { createHash, randomUUID } from 'node:crypto';
import type { Sql } from '../../dev/db.ts';
import { drawWinner, verifyDraw, type PublishedDraw } from '../../scripts/verify-draw.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims, createAuthUser, tryAs } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let locations: string[] = [];

const ZONE = 'America/Chicago';
const MONTH = '2021-05';
const FUTURE = '2099-01';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Person { id: string; name: string }
const members: Record<string, Person> = {};

async function customer(name: string, extra: { consent?: boolean } = {}): Promise<string> {
  const phone = `+1312557${String(1000 + Object.keys(members).length).padStart(4, '0')}`;
  const [row] = await sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel, sms_consent, created_at)
    values (${name}, ${phone}, 'web', ${extra.consent ?? false}, '2021-01-05T12:00:00Z') returning id`;
  members[name] = { id: row!.id, name };
  return row!.id;
}

/** Approved visits of a member at the first `n` businesses (from `offset`), mid-May in Chicago. */
async function visits(customerId: string, n: number, offset = 0, month = MONTH): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.visits (customer_id, location_id, points, approved_via, created_at)
      values (${customerId}, ${locations[(offset + i) % locations.length]!}, 5, 'staff',
              (${`${month}-1${i % 9}`}::date + time '12:00')::timestamp at time zone ${ZONE}) returning id`;
    ids.push(row!.id);
  }
  return ids;
}

const asAdmin = <T>(work: Parameters<typeof actAs<T>>[2]) => actAs(sql, adminClaims(), work);

/** Sets a draw up for a future month as the operator does, then moves it to `month` (time passing). */
async function setUpDraw(month: string, options: { commitment?: string; kind?: 'reward' | 'voucher'; min?: number; max?: number } = {}) {
  const [row] = await asAdmin((tx) => tx<{ d: { id: string; commitment: string } }[]>`
    select app.admin_create_draw(${FUTURE}, ${locations[0]!}, ${options.kind ?? 'voucher'}, 'A $25 voucher',
                                 'Spend it anywhere', 2500, ${options.min ?? 2}, ${options.max ?? 3},
                                 ${options.commitment ?? null}) as d`);
  await sql`update private.draws set month = ${month} where id = ${row!.d.id}`;
  return row!.d;
}

async function runDraw(id: string, seed: string | null = null) {
  const [row] = await asAdmin((tx) => tx<{ d: PublishedDraw & { winner: { customerId: string } | null } }[]>`
    select app.admin_run_draw(${id}, ${seed}) as d`);
  return row!.d;
}

/** The entries by the rule, counted from the visits table with no function of the app. */
async function independentEntries(month: string, min: number, max: number) {
  return sql<{ customer_id: string; entries: number }[]>`
    with b as (
      select v.customer_id, count(distinct v.location_id)::int as n
        from public.visits v
        join public.customers c on c.id = v.customer_id
       where v.status = 'approved'
         and v.created_at >= (${month} || '-01')::date::timestamp at time zone ${ZONE}
         and v.created_at < ((${month} || '-01')::date + interval '1 month')::timestamp at time zone ${ZONE}
         and c.suspended_at is null and c.forgotten_at is null
         and c.name not like 'Excluded%'
       group by v.customer_id)
    select customer_id, least(n - ${min} + 1, ${max})::int as entries from b where n >= ${min} order by customer_id`;
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  sql = db.sql;
  locations = (await sql<{ id: string }[]>`select id from public.locations order by sort_order, id`).map((l) => l.id);
  // Ordinary members: 1 to 6 businesses in May; one more in April and June (other months).
  for (let i = 0; i < 12; i++) {
    const id = await customer(`Member ${i}`, { consent: i % 2 === 0 });
    await visits(id, 1 + (i % 6), i);
    if (i % 3 === 0) await visits(id, 1, i + 1); // another visit, sometimes at a business already visited
  }
  const edge = await customer('Member edge');
  await visits(edge, 3, 0, '2021-04');
  await visits(edge, 1, 0, '2021-06');
  // A member whose second business was voided: one business left, no entry at 2.
  const voided = await customer('Member voided');
  const [, second] = await visits(voided, 2);
  await sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'test' where id = ${second!}`;
  // Excluded: staff (Auth user role), an owner, an admin, a pending staff grant, suspended, forgotten.
  for (const role of ['staff', 'owner', 'admin', 'pending', 'suspended', 'forgotten'] as const) {
    const id = await customer(`Excluded ${role}`);
    await visits(id, 6);
    const [c] = await sql<{ phone: string }[]>`select phone from public.customers where id = ${id}`;
    if (role === 'staff' || role === 'owner' || role === 'admin') {
      const user = await createAuthUser(sql, {
        phone: c!.phone.slice(1),
        appMetadata: { provider: 'phone', role, ...(role === 'admin' ? {} : { location_id: locations[1] }) },
      });
      await sql`update public.customers set user_id = ${user.id} where id = ${id}`;
    } else if (role === 'pending') {
      await sql`insert into private.staff_grants (phone, role, location_id) values (${c!.phone}, 'staff', ${locations[2]!})`;
    } else if (role === 'suspended') {
      await sql`update public.customers set suspended_at = now(), suspension_reason = 'test' where id = ${id}`;
    } else {
      await sql`update public.customers set forgotten_at = now(), phone = null, name = 'Excluded forgotten' where id = ${id}`;
    }
  }
});

afterAll(async () => {
  await db?.drop();
});

describe('the monthly prize draw', { timeout: 120_000 }, () => {
  it('counts entries from the approved visits of the month, as an independent count does', async () => {
    const draw = await setUpDraw(MONTH);
    const counted = await sql<{ customer_id: string; entries: number }[]>`
      select customer_id, entries from private.draw_entry_counts(${draw.id}) order by customer_id`;
    const expected = await independentEntries(MONTH, 2, 3);
    expect(counted).toEqual(expected);
    expect(counted.length).toBeGreaterThan(5);
    // The cap: six businesses give 3 entries, not 5; the voided visit's member has none.
    expect(counted.find((c) => c.customer_id === members['Member 5']!.id)?.entries).toBe(3);
    expect(counted.find((c) => c.customer_id === members['Member voided']!.id)).toBeUndefined();
    expect(counted.find((c) => c.customer_id === members['Member edge']!.id)).toBeUndefined();

    // The admin's list says the same before the draw.
    const [list] = await asAdmin((tx) => tx<{ r: { draws: { id: string; entrants: number; entriesSoFar: number }[] } }[]>`
      select app.admin_draws() as r`);
    const mine = list!.r.draws.find((d) => d.id === draw.id)!;
    expect(mine.entrants).toBe(expected.length);
    expect(mine.entriesSoFar).toBe(expected.reduce((s, e) => s + e.entries, 0));

    // Run it with the programme's kept seed: the frozen list is the same count, the winner is an
    // entrant, and the published values verify.
    const drawn = await runDraw(draw.id);
    expect(drawn.status).toBe('drawn');
    expect(sha256(drawn.seed!)).toBe(draw.commitment);
    const frozen = await sql<{ customer_id: string; entries: number }[]>`
      select customer_id, entries from private.draw_entries where draw_id = ${draw.id} order by customer_id`;
    expect(frozen).toEqual(expected);
    expect(expected.map((e) => e.customer_id)).toContain(drawn.winner!.customerId);
    expect(verifyDraw(drawn)).toMatchObject({ ok: true, winnerEntryId: drawn.winnerEntryId });
    // The public list names members only by sha256(draw id ':' member id).
    const entryIds = drawn.entries!.map((e) => e.entryId);
    expect(entryIds).toContain(sha256(`${draw.id}:${drawn.winner!.customerId}`));
    expect(JSON.stringify(await sql`select app.public_draws() as r`)).not.toContain(drawn.winner!.customerId);

    // A visit voided after the draw changes nothing that was drawn.
    await sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'late'
               where customer_id = ${members['Member 5']!.id}`;
    const after = await sql`select customer_id, entries from private.draw_entries where draw_id = ${draw.id} order by customer_id`;
    expect(after).toEqual(frozen);
    // The draw cannot run twice.
    await expect(runDraw(draw.id)).rejects.toMatchObject({ code: 'LY409' });
  });

  it('draws the same winner from the same seed and entries, in any order, in SQL and in the verifier', async () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({ entryId: sha256(`member ${i}`), entries: 1 + (i % 3) }));
    for (const seed of ['a fixed seed for the test', randomUUID() + randomUUID()]) {
      const shuffled = [...entries].sort(() => Math.random() - 0.5);
      const [a] = await sql<{ entry_id: string; ticket: string; total: string }[]>`
        select * from private.draw_winner(${seed}, ${sql.json(entries)})`;
      const [b] = await sql<{ entry_id: string; ticket: string }[]>`
        select * from private.draw_winner(${seed}, ${sql.json(shuffled)})`;
      const [c] = await sql<{ entry_id: string }[]>`select * from private.draw_winner(${seed}, ${sql.json(entries)})`;
      expect(b!.entry_id).toBe(a!.entry_id);
      expect(c!.entry_id).toBe(a!.entry_id);
      expect(Number(a!.total)).toBe(79);
      const ts = drawWinner(seed, shuffled);
      expect([ts.entryId, ts.ticket]).toEqual([a!.entry_id, Number(a!.ticket)]);
    }
    // Different seeds spread the wins: 200 seeds give more than one winner.
    const winners = new Set<string>();
    for (let i = 0; i < 200; i++) winners.add(drawWinner(`seed number ${i} of many`, entries).entryId!);
    expect(winners.size).toBeGreaterThan(10);
    // No entries: no winner.
    expect(drawWinner('any seed at all here', [])).toMatchObject({ total: 0, entryId: null, ticket: null });
  });

  it('refuses a revealed seed that does not match the commitment, and runs with the right one', async () => {
    const seed = 'the operator kept this seed on paper';
    const draw = await setUpDraw('2021-04', { commitment: sha256(seed), min: 1, max: 2 });
    const [kept] = await sql`select count(*)::int as n from private.draw_seeds where draw_id = ${draw.id}`;
    expect(kept!.n).toBe(0);
    await expect(runDraw(draw.id, 'another seed of enough length')).rejects.toMatchObject({ code: 'LY422' });
    await expect(runDraw(draw.id)).rejects.toMatchObject({ code: 'LY400' });
    const [still] = await sql`select status, seed from private.draws where id = ${draw.id}`;
    expect(still).toEqual({ status: 'committed', seed: null });
    const drawn = await runDraw(draw.id, seed);
    expect(drawn.seed).toBe(seed);
    expect(verifyDraw(drawn).ok).toBe(true);
    // A tampered copy of the published values fails the verifier.
    expect(verifyDraw({ ...drawn, seed: 'x'.repeat(20) }).ok).toBe(false);
    expect(verifyDraw({ ...drawn, entries: drawn.entries!.map((e, i) => (i === 0 ? { ...e, entries: e.entries + 1 } : e)) }).ok).toBe(false);
    const audit = await sql<{ action: string }[]>`
      select action from private.audit_log where target_type = 'draw' and target_id = ${draw.id} order by id`;
    // The refused seed changed nothing, not even the log: the call was rolled back whole.
    expect(audit.map((a) => a.action)).toEqual(['draw.commit', 'draw.run']);
  });

  it('never lets staff, owners, admins, pending grants, suspended or forgotten members win', async () => {
    const excluded = Object.values(members).filter((m) => m.name.startsWith('Excluded')).map((m) => m.id);
    expect(excluded).toHaveLength(6);
    const counted = await sql<{ customer_id: string; entries: number; entry_id: string }[]>`
      select customer_id, entries, entry_id from private.draw_entry_counts(
        (select id from private.draws where month = ${MONTH}))`;
    for (const id of excluded) expect(counted.map((c) => c.customer_id)).not.toContain(id);
    // Whatever the seed, the winner is one of the entrants, never an excluded member.
    const entries = counted.map((c) => ({ entryId: c.entry_id, entries: c.entries }));
    const entrants = new Set(counted.map((c) => c.entry_id));
    for (let i = 0; i < 100; i++) {
      const [w] = await sql<{ entry_id: string }[]>`select entry_id from private.draw_winner(${`seed ${i} for exclusions`}, ${sql.json(entries)})`;
      expect(entrants.has(w!.entry_id)).toBe(true);
    }
    // The member's own view says they have no entries.
    const [staffUser] = await sql<{ user_id: string }[]>`select user_id from public.customers where name = 'Excluded staff'`;
    const [mine] = await actAs(sql, { role: 'authenticated', sub: staffUser!.user_id, aud: 'authenticated', is_anonymous: false,
                                      app_metadata: { role: 'staff', location_id: locations[1] } },
      (tx) => tx<{ r: { draws: unknown[] } }[]>`select app.my_draws() as r`);
    expect(mine!.r.draws).toEqual([]); // past draws only: nothing this month or the last two
  });

  it('gives the winner the prize as a reward that settles like any other, texted only with consent', async () => {
    // A member alone in a month: they win; their consent decides the text.
    const winner = await customer('Member winner', { consent: true });
    await visits(winner, 2, 0, '2021-02');
    const draw = await setUpDraw('2021-02', { kind: 'voucher' });
    const drawn = await runDraw(draw.id);
    expect(drawn.winner!.customerId).toBe(winner);
    const [reward] = await sql<{ id: string; status: string; kind: string; scope: string; value_cents: number }[]>`
      select cr.id, cr.status, r.kind, r.scope, r.value_cents from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id where cr.customer_id = ${winner}`;
    expect(reward).toMatchObject({ status: 'unlocked', kind: 'prize', scope: 'network', value_cents: 2500 });
    const [event] = await sql`select event, location_id from public.points_ledger where customer_reward_id = ${reward!.id}`;
    expect(event).toEqual({ event: 'reward_unlocked', location_id: locations[0] });
    const texts = await sql<{ kind: string; body: string }[]>`select kind, body from private.texts where customer_id = ${winner} and kind = 'reward_ready'`;
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('You won the February 2021 prize draw');

    // Redeemed at another business: the sponsor owes it the voucher's value in the settlement.
    await asAdmin((tx) => tx`select app.redeem_reward(${reward!.id}, ${locations[3]!}, null, 'Prize handed over at the till')`);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(new Date());
    const [s] = await asAdmin((tx) => tx<{ r: { businesses: { locationId: string; netCents: number; honouredForOthersCents: number }[] } }[]>`
      select app.admin_settlement(${month}) as r`);
    const by = new Map(s!.r.businesses.map((b) => [b.locationId, b]));
    expect(by.get(locations[3]!)).toMatchObject({ honouredForOthersCents: 2500, netCents: 2500 });
    expect(by.get(locations[0]!)!.netCents).toBe(-2500);

    // Without consent: the prize, no text.
    const quiet = await customer('Member quiet', { consent: false });
    await visits(quiet, 2, 0, '2021-01');
    const second = await setUpDraw('2021-01', { kind: 'reward' });
    expect((await runDraw(second.id)).winner!.customerId).toBe(quiet);
    const none = await sql`select 1 from private.texts where customer_id = ${quiet} and kind = 'reward_ready'`;
    expect(none).toHaveLength(0);
    const [prize] = await sql`select r.scope from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
                               where cr.customer_id = ${quiet}`;
    expect(prize).toEqual({ scope: 'location' });
  });

  it('under parallel requests sets a month up once and runs a draw once, giving one prize', async () => {
    const created = await Promise.allSettled(Array.from({ length: 4 }, () =>
      asAdmin((tx) => tx`select app.admin_create_draw('2098-11', ${locations[0]!}, 'voucher', 'Raced', '', 100, 1, 1, null)`)));
    expect(created.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    for (const c of created.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(c.reason).toMatchObject({ code: 'LY409' });
    const [made] = await sql<{ id: string }[]>`select id from private.draws where month = '2098-11'`;
    await sql`update private.draws set month = '2020-12' where id = ${made!.id}`;
    const someone = await customer('Member december');
    await visits(someone, 1, 0, '2020-12');
    const ran = await Promise.allSettled(Array.from({ length: 4 }, () => runDraw(made!.id)));
    expect(ran.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of ran.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(r.reason).toMatchObject({ code: 'LY409' });
    const prizes = await sql`select 1 from public.customer_rewards cr join private.draws d on d.reward_id = cr.reward_id where d.id = ${made!.id}`;
    expect(prizes).toHaveLength(1);
  });

  it('is for admins only, keeps the seed out of reach, and refuses a draw for a month that has started', async () => {
    const member = await createAuthUser(sql, { phone: '13125559999' });
    const denied = tryAs(sql, member.claims, (tx) => tx`select app.admin_draws()`);
    await expect(denied).rejects.toMatchObject({ code: 'LY403' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select * from private.draw_seeds`)).rejects.toMatchObject({ code: '42501' });
    await expect(tryAs(sql, adminClaims(), (tx) => tx`select * from private.draws`)).rejects.toMatchObject({ code: '42501' });
    await expect(asAdmin((tx) => tx`select app.admin_create_draw('2021-07', ${locations[0]!}, 'voucher', 'Late', '', 100, 1, 1, null)`))
      .rejects.toMatchObject({ code: 'LY409' });
    await expect(asAdmin((tx) => tx`select app.admin_create_draw('2098-07', ${locations[0]!}, 'voucher', 'Bad', '', 100, 1, 1, 'not hex')`))
      .rejects.toMatchObject({ code: 'LY400' });
  });
});
