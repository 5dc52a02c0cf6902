// The village as data: villages/example.json passes the schema, a broken file is refused in
// words, and loading it into a new project's database (the migrations, no seed) goes through the
// /admin functions, audited, once; the first admin's bootstrap grants once and refuses after,
// also when two run at once.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';
import { migrate, ROOT } from '../../dev/db.ts';
import { bootstrapFirstAdmin, DEPLOY_ACTOR_ID, loadVillage } from '../../scripts/deploy/load-village.ts';
import { parseVillage, readVillageFile, type Village } from '../../scripts/deploy/village.ts';
import { realPostgresUrl } from '../support/db.ts';

const EXAMPLE = join(ROOT, 'villages', 'example.json');

describe('a village file', () => {
  it('the example passes', () => {
    const village = readVillageFile(EXAMPLE);
    expect(village.businesses.map((b) => b.slug)).toEqual(['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge']);
    expect(village.firstAdmin.phone).toBe('5555550100');
  });

  it('a broken file is refused with every problem in words', () => {
    const village = structuredClone(readVillageFile(EXAMPLE)) as Record<string, unknown> & Village;
    village.businesses[1]!.icon = 'rocket' as never;
    village.timeZone = 'Central';
    village.tiers.Gold.minPoints = 5;
    const parsed = parseVillage(village);
    expect('problems' in parsed && parsed.problems).toEqual([
      expect.stringMatching(/^timeZone: The time zone is a name such as America\/Chicago$/),
      'businesses › 2 › icon: choose one of store, coffee, ice-cream, pizza, palette, cookie, candy',
      'tiers › Gold › minPoints: Gold needs more points than Silver',
    ]);
  });

  it('two businesses may not share a web address name; an unknown field is named', () => {
    const village = structuredClone(readVillageFile(EXAMPLE)) as Village & { colour?: string };
    village.businesses[2]!.slug = 'chatterbox';
    expect(parseVillage(village)).toEqual({ problems: ['businesses: Two businesses share one web address name'] });
    expect(parseVillage({ ...readVillageFile(EXAMPLE), colour: 'red' })).toEqual({ problems: ['unknown field(s) colour'] });
  });

  it('a featured business must be one of the businesses', () => {
    const village = structuredClone(readVillageFile(EXAMPLE));
    village.content.featured = { businesses: ['bakery'], tiers: [] };
    expect(parseVillage(village)).toEqual({ problems: ['content › featured › businesses: bakery is not one of the businesses'] });
  });
});

describe('loading a village into a new project', () => {
  const server = realPostgresUrl();
  const created: string[] = [];
  let admin: postgres.Sql;

  beforeAll(() => {
    if (!server) throw new Error('DATABASE_URL is not set: this suite needs a real Postgres');
    const adminUrl = new URL(server);
    adminUrl.pathname = '/postgres';
    admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  /** A database as a new hosted project has it after `db push`: every migration, no seed. */
  async function newProject(max = 1): Promise<postgres.Sql> {
    const name = `village_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    created.push(name);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max, onnotice: () => {} });
    await migrate(sql, { seed: false });
    return sql;
  }

  it('goes through the admin functions, audited, and a second load changes nothing', async () => {
    const sql = await newProject();
    try {
      const village = readVillageFile(EXAMPLE);
      const done = await loadVillage(sql, village);
      expect(done).toContain('added chatterbox');
      const locations = await sql`select id, business_name, icon from public.locations order by sort_order`;
      expect(locations.map((l) => l.id)).toEqual(village.businesses.map((b) => b.slug));
      const rewards = await sql`select kind, location_id, tier, name from public.rewards where retired_at is null order by kind, location_id, tier`;
      expect(rewards.filter((r) => r.kind === 'welcome')).toHaveLength(6);
      expect(rewards.filter((r) => r.kind === 'tier').map((r) => [r.tier, r.name])).toEqual([
        ['Gold', '$10 Off Any Business'],
        ['Silver', '$5 Off Any Business'],
      ]);
      const tiers = await sql`select name, min_points, reward_value_cents from public.tiers order by min_points`;
      expect(tiers.map((t) => [t.name, t.min_points, t.reward_value_cents])).toEqual([
        ['Bronze', 0, 0], ['Silver', 10, 500], ['Gold', 20, 1000],
      ]);
      const content = await sql`select key from public.programme_content order by key`;
      expect(content.map((c) => c.key)).toEqual(['contact', 'featured', 'privacy', 'testimonials']);
      const [settings] = await sql`select texts_site_url from private.settings`;
      expect(settings!.texts_site_url).toBe('https://rewards.village.example');
      const audit = await sql`select action, actor_id, actor_role from private.audit_log order by id`;
      expect(audit.filter((a) => a.action === 'business.create')).toHaveLength(6);
      expect(audit.filter((a) => a.action === 'business.create').every((a) => a.actor_id === DEPLOY_ACTOR_ID && a.actor_role === 'admin')).toBe(true);

      const again = await loadVillage(sql, village);
      expect(again).toEqual(['set the tiers, the public content and the settings']);
      const [{ n }] = (await sql`select count(*)::int as n from private.audit_log`) as unknown as [{ n: number }];
      expect(n).toBe(audit.length);

      // A changed file changes what differs, through the same functions.
      village.businesses[0]!.welcomeReward.name = 'Free Coffee';
      village.businesses[0]!.address = '114 Main Street';
      village.settings = { maxVisitsPerHour: 6 };
      const third = await loadVillage(sql, village);
      expect(third).toEqual(expect.arrayContaining(['updated chatterbox', 'reworded the welcome reward of chatterbox']));
      const [changed] = await sql`select l.address, s.max_visits_per_hour,
                                         (select name from public.rewards r where r.location_id = l.id and r.retired_at is null) as reward
                                    from public.locations l, private.settings s where l.id = 'chatterbox'`;
      expect(changed).toEqual({ address: '114 Main Street', max_visits_per_hour: 6, reward: 'Free Coffee' });
    } finally {
      await sql.end();
    }
  });

  it("sets the village's time zone through the operator's setting, and refuses another programme name", async () => {
    const sql = await newProject();
    try {
      const village = { ...readVillageFile(EXAMPLE), timeZone: 'Europe/London' };
      expect(await loadVillage(sql, village)).toContain('set the time zone to Europe/London');
      const [zone] = await sql`select private.programme_time_zone() as name`;
      expect(zone!.name).toBe('Europe/London');
      const audits = await sql`select count(*)::int as n from private.audit_log where action = 'settings.update' and target_id = 'texts'`;
      expect(audits[0]!.n).toBe(1);
      await expect(loadVillage(sql, { ...readVillageFile(EXAMPLE), programmeName: 'Town Perks' })).rejects.toThrow(
        /calls the programme "Town Perks", but its texts say "Village Rewards"/,
      );
    } finally {
      await sql.end();
    }
  });

  it('grants the first admin once: pending until their first sign-in, audited, refused once an admin exists', async () => {
    const sql = await newProject();
    try {
      expect(await bootstrapFirstAdmin(sql, '5555550100')).toEqual({ status: 'pending' });
      // Their first sign-in: Auth adds the user; the pending grant becomes theirs (the same
      // trigger as for an admin added on /admin).
      await sql`insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data, is_anonymous)
                values ('00000000-0000-4000-8000-0000000000aa', 'authenticated', 'authenticated', '15555550100', now(),
                        '{"provider": "phone"}', false)`;
      const [user] = await sql`select raw_app_meta_data ->> 'role' as role from auth.users where phone = '15555550100'`;
      expect(user!.role).toBe('admin');
      const [audit] = await sql`select action, target_id, actor_role, after from private.audit_log where action = 'admin.bootstrap'`;
      expect(audit).toMatchObject({ target_id: '+15555550100', actor_role: 'system', after: { role: 'admin', status: 'pending' } });

      expect(await bootstrapFirstAdmin(sql, '5555550111')).toEqual({ status: 'exists' });
      const grants = await sql`select role from private.staff_grants where role = 'admin'`;
      expect(grants).toHaveLength(1);
    } finally {
      await sql.end();
    }
  });

  it('two bootstraps at once make one admin', async () => {
    const sql = await newProject(4);
    try {
      const results = await Promise.all(['5555550121', '5555550122', '5555550123'].map((phone) => bootstrapFirstAdmin(sql, phone)));
      expect(results.map((r) => r.status).sort()).toEqual(['exists', 'exists', 'pending']);
      expect(await sql`select 1 from private.staff_grants where role = 'admin'`).toHaveLength(1);
    } finally {
      await sql.end();
    }
  });

  it('no API role may call the bootstrap', async () => {
    const sql = await newProject();
    try {
      for (const role of ['anon', 'authenticated', 'service_role']) {
        await expect(sql.begin(async (tx) => {
          await tx.unsafe(`set local role ${role}`);
          await tx`select private.bootstrap_first_admin('5555550100')`;
        })).rejects.toThrow(/permission denied/);
      }
    } finally {
      await sql.end();
    }
  });
});
