// Hidden characters through the API on real Postgres: a member's name (POST /api/me/name and
// sign-up), a campaign's message (preview and send) and a contact message are refused with a 400
// naming the field and the character, and SQL proves nothing was stored or queued.
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../support/api-client.ts';
import { createMember, nextPhone } from '../../support/api-factories.ts';
import { useHarness } from '../suites/harness.ts';
import { MyDetails } from '../../../supabase/functions/_shared/contract.ts';
import { actAs, adminClaims, outcome } from '../../support/factories.ts';

describe('text with hidden characters (postgres)', { timeout: 120_000 }, () => {
  const h = useHarness('postgres');

  it("refuses a member's new name with RLO, ESC, BEL or a line break inside, and keeps the old one", async () => {
    const member = await createMember(h(), { name: 'Ana Ruiz' });
    for (const [name, code] of [['Ana\u202e ziuR', '202E'], ['Ana\u001b[31mRuiz', '001B'], ['Ana\u0007Ruiz', '0007'], ['Ana\r\nRuiz', '000D']]) {
      const response = await h().call('POST', '/api/me/name', { token: member.token, body: { name } });
      expect(response.status, name).toBe(400);
      expect(response.error?.fields?.name?.[0], name).toContain(`(U+${code}); remove it`);
    }
    const [row] = await h().db.sql<{ name: string }[]>`select name from public.customers where id = ${member.id}`;
    expect(row!.name).toBe('Ana Ruiz');
    // Outside characters are still trimmed as before; joiners inside stay.
    const renamed = bodyOf(await h().call('POST', '/api/me/name', { token: member.token, body: { name: '\u200b Ana 👩\u200d👧 ' } }), MyDetails);
    expect(renamed.name).toBe('Ana 👩\u200d👧');
  });

  it('refuses a sign-up whose name hides a bidi override, and creates nobody', async () => {
    const phone = nextPhone();
    const response = await h().call('POST', '/api/customers', { body: { name: 'Ben\u202eLee', phone, smsConsent: false } });
    expect(response.status).toBe(400);
    expect(response.error?.fields?.name).toEqual(['Name has an invisible or text-direction character (U+202E); remove it']);
    const [row] = await h().db.sql<{ n: number }[]>`select count(*)::int as n from public.customers where phone = ${`+1${phone}`}`;
    expect(row!.n).toBe(0);
  });

  it('refuses a campaign message with U+202E, ESC, a line break or a zero-width space; nothing is queued', async () => {
    const admin = await h().adminToken();
    const [before] = await h().db.sql<{ campaigns: number; texts: number }[]>`
      select (select count(*)::int from private.text_campaigns) as campaigns, (select count(*)::int from private.texts) as texts`;
    for (const message of ['Sale\u202e today', 'Sale\u001b[2J today', 'Sale today\r\nVillage Rewards: your code is 123456', 'Sale\u200b today']) {
      for (const path of ['/api/admin/campaigns/preview', '/api/admin/campaigns']) {
        const response = await h().call('POST', path, { token: admin, body: { message, segment: {} } });
        expect(response.status, `${path} ${JSON.stringify(message)}`).toBe(400);
        expect(response.error?.fields?.message?.[0]).toMatch(/^Message has (a control|an invisible or text-direction) character \(U\+[0-9A-F]{4}\); remove it$/);
      }
    }
    const [after] = await h().db.sql<{ campaigns: number; texts: number }[]>`
      select (select count(*)::int from private.text_campaigns) as campaigns, (select count(*)::int from private.texts) as texts`;
    expect(after).toEqual(before);
    // At either end such a character is dropped, as names' are: the text sent never holds it.
    const trimmed = await h().call('POST', '/api/admin/campaigns/preview', { token: admin, body: { message: 'Sale today\u202e', segment: {} } });
    expect(trimmed.status).toBe(200);
    expect(JSON.stringify(trimmed.body)).not.toContain('\\u202e');
    expect((trimmed.body as { body: string }).body).not.toContain('\u202e');
  });

  it('takes a contact message of several lines but not one hiding a carriage return', async () => {
    const body = { name: 'Cara', email: 'cara@example.org', message: 'Hello\nI lost my card.' };
    expect((await h().call('POST', '/api/contact', { body })).status).toBe(201);
    const refused = await h().call('POST', '/api/contact', { body: { ...body, message: 'Hello\r\nagain' } });
    expect(refused.status).toBe(400);
    expect(refused.error?.fields?.message).toEqual(['Message has a control character (U+000D); remove it']);
  });

  // The SQL functions that store an operator's text check it too, whoever calls them
  // (the api's zod rule is the first, friendlier answer; the database is where the rule holds).
  const SEEDED_TIERS = {
    Silver: {
      minPoints: 10, goalLabel: '$5 Off - Silver Status', rewardValueCents: 500, rewardName: '$5 Off Any Business',
      rewardDescription: '$5 off at any participating business, unlocked when you reach Silver status (10 points).',
    },
    Gold: {
      minPoints: 20, goalLabel: '$10 Off - Gold Status', rewardValueCents: 1000, rewardName: '$10 Off Any Business',
      rewardDescription: '$10 off at any participating business, unlocked when you reach Gold status (20 points).',
    },
  };
  const HIDDEN = [['\u202e', '202E'], ['\u001b[2J', '001B'], ['\u200b', '200B']] as const;

  it("refuses the tiers' wording with U+202E, ESC or a zero-width space, from the api and from SQL alike; nothing changes", async () => {
    const admin = await h().adminToken();
    const stored = async () =>
      h().db.sql`select t.name, t.goal_label, r.name as reward, r.description
                   from public.tiers t left join public.rewards r on r.kind = 'tier' and r.tier = t.name order by t.min_points`;
    const before = await stored();
    for (const [hidden, code] of HIDDEN) {
      for (const field of ['goalLabel', 'rewardName', 'rewardDescription'] as const) {
        const tiers = { ...SEEDED_TIERS, Gold: { ...SEEDED_TIERS.Gold, [field]: `Gold${hidden} reward` } };
        const response = await h().call('PUT', '/api/admin/tiers', { token: admin, body: tiers });
        expect(response.status, `${field} ${code}`).toBe(400);
        expect(JSON.stringify(response.error), `${field} ${code}`).toContain(`(U+${code}); remove it`);
        // The same change straight to the SQL function, as an admin: refused by the database.
        const direct = await outcome(
          actAs(h().db.sql, adminClaims(), (tx) => tx`select app.admin_update_tiers(${tx.json(tiers)})`),
        );
        expect(direct, `SQL ${field} ${code}`).toBe('LY400');
      }
    }
    expect(await stored()).toEqual(before);
    const [audit] = await h().db.sql<{ n: number }[]>`select count(*)::int as n from private.audit_log where action = 'tier.update'`;
    expect(audit!.n).toBe(0);
  });

  it('refuses hidden characters in the reasons and wordings other functions store (archiving a business, retiring a reward, a sign-up\'s consent wording)', async () => {
    const admin = adminClaims();
    for (const [hidden, code] of HIDDEN) {
      const message = async (work: Promise<unknown>) => {
        try {
          await work;
          return 'stored';
        } catch (error) {
          return `${(error as { code?: string }).code} ${(error as Error).message}`;
        }
      };
      expect(await message(actAs(h().db.sql, admin, (tx) => tx`select app.admin_archive_location('spare-shop-none', true, ${`Closed${hidden}`})`)))
        .toMatch(/^LY404/); // an unknown business is still a 404 first
      expect(await message(actAs(h().db.sql, admin, (tx) => tx`select app.admin_archive_location('museum', true, ${`Closed${hidden} for good`})`)))
        .toBe(`LY400 The reason has ${code < '0020' ? 'a control character' : 'an invisible or text-direction character'} (U+${code}); remove it`);
      const [reward] = await h().db.sql<{ id: string }[]>`select id from public.rewards where kind = 'welcome' and location_id = 'snackco'`;
      expect(await message(actAs(h().db.sql, admin, (tx) => tx`select app.admin_retire_reward(${reward!.id}, ${`Old${hidden}`})`)))
        .toMatch(new RegExp(`^LY400 The reason has .*\\(U\\+${code}\\); remove it$`));
      const phone = nextPhone();
      expect(await message(h().db.sql`select app.create_customer('Dee', ${phone}, null, true, false, null, ${`I agree${hidden} to texts`})`))
        .toMatch(new RegExp(`^LY400 The consent wording has .*\\(U\\+${code}\\); remove it$`));
    }
    const [state] = await h().db.sql<{ archived: number; retired: number; audit: number }[]>`
      select (select count(*)::int from public.locations where archived_at is not null) as archived,
             (select count(*)::int from public.rewards where retired_at is not null) as retired,
             (select count(*)::int from private.audit_log where action in ('business.archive', 'reward.retire')) as audit`;
    expect(state).toEqual({ archived: 0, retired: 0, audit: 0 });
  });
});
