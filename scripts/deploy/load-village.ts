// Loads a village (scripts/deploy/village.ts) into a database through the functions the app's
// /admin screens call (app.admin_create_location, app.admin_update_tiers, …), so every row is
// checked and audited as an admin's change is; never by inserting rows. It acts as the deploy:
// an admin claim with a fixed id (DEPLOY_ACTOR_ID) that no person has, which the audit log shows.
// Running it again changes only what differs. The first admin is granted by
// private.bootstrap_first_admin, which refuses once any admin exists.
import type postgres from 'postgres';
import type { Village } from './village.ts';

/** The audit log's actor for every change the deploy makes. */
export const DEPLOY_ACTOR_ID = '00000000-0000-4000-8000-00000000de91';

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;

interface CatalogueBusiness {
  id: string;
  businessName: string;
  kind: string;
  description: string;
  address: string;
  hours: string;
  logoUrl: string;
  icon: string;
  color: string;
  archivedAt: string | null;
  welcomeRewardId: string | null;
}
interface CatalogueReward {
  id: string;
  kind: 'welcome' | 'tier';
  locationId: string | null;
  name: string;
  description: string;
  retiredAt: string | null;
}

/** Acts as the deploy's admin for the rest of this transaction. */
async function actAsDeploy(tx: Tx): Promise<void> {
  const claims = { sub: DEPLOY_ACTOR_ID, role: 'authenticated', app_metadata: { role: 'admin' } };
  await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true), set_config('role', 'authenticated', true)`;
}

/** Every change it made, in words (for the deploy's output). */
export async function loadVillage(sql: Sql, village: Village): Promise<string[]> {
  const done: string[] = [];
  await sql.begin(async (tx) => {
    const [{ name }] = (await tx`select private.programme_name() as name`) as unknown as [{ name: string }];
    if (name !== village.programmeName) {
      throw new Error(
        `The village calls the programme "${village.programmeName}", but its texts say "${name}" ` +
          '(private.programme_name in supabase/schemas/48_texts.sql): change it there, in a migration, first.',
      );
    }
    const [added] = await tx`select private.add_missing_tier_rewards() as n`;
    if (added!.n > 0) done.push(`added ${added!.n} tier reward(s)`);
    await tx`select private.set_site_url(${village.siteUrl.replace(/\/+$/, '')})`;

    await actAsDeploy(tx);
    // The time zone is an operator's setting (/admin → Programme → Texts): the same function sets it.
    const [{ zone }] = (await tx`select private.programme_time_zone() as zone`) as unknown as [{ zone: string }];
    if (zone !== village.timeZone) {
      await tx`select app.admin_update_text_settings(${tx.json({ timeZone: village.timeZone })})`;
      done.push(`set the time zone to ${village.timeZone}`);
    }
    const [{ catalogue }] = (await tx`select app.admin_catalogue() as catalogue`) as unknown as [
      { catalogue: { businesses: CatalogueBusiness[]; rewards: CatalogueReward[] } },
    ];
    for (const business of village.businesses) {
      const args = [
        business.businessName, business.kind, business.description ?? '', business.address ?? '',
        business.logoUrl ?? '', business.icon, business.color, business.hours ?? '',
      ] as const;
      const current = catalogue.businesses.find((b) => b.id === business.slug);
      if (!current) {
        await tx`select app.admin_create_location(${business.slug}, ${args[0]}, ${args[1]}, ${args[2]}, ${args[3]},
                                                  ${args[4]}, ${args[5]}, ${args[6]}, ${args[7]})`;
        done.push(`added ${business.slug}`);
      } else {
        if (current.archivedAt) throw new Error(`${business.slug} is archived: restore it on /admin first, or leave it out of the village file.`);
        const now = [current.businessName, current.kind, current.description, current.address, current.logoUrl, current.icon, current.color, current.hours];
        if (now.some((value, i) => value !== args[i])) {
          await tx`select app.admin_update_location(${business.slug}, ${args[0]}, ${args[1]}, ${args[2]}, ${args[3]},
                                                    ${args[4]}, ${args[5]}, ${args[6]}, ${args[7]})`;
          done.push(`updated ${business.slug}`);
        }
      }
      const reward = current?.welcomeRewardId ? catalogue.rewards.find((r) => r.id === current.welcomeRewardId) : undefined;
      const wording = business.welcomeReward;
      if (!reward) {
        await tx`select app.admin_create_reward(${business.slug}, ${wording.name}, ${wording.description ?? ''})`;
        done.push(`added the welcome reward of ${business.slug}`);
      } else if (reward.name !== wording.name || reward.description !== (wording.description ?? '')) {
        await tx`select app.admin_update_reward(${reward.id}, ${wording.name}, ${wording.description ?? ''})`;
        done.push(`reworded the welcome reward of ${business.slug}`);
      }
    }
    await tx`select app.admin_update_tiers(${tx.json(village.tiers)})`;
    for (const [key, value] of Object.entries(village.content)) {
      if (value !== undefined) await tx`select app.admin_update_content(${key}, ${tx.json(value)})`;
    }
    if (village.settings) await tx`select app.admin_update_settings(${tx.json(village.settings)})`;
    done.push('set the tiers, the public content and the settings');
  });
  return done;
}

/** The first admin's one-time grant: 'granted' (active or pending their first sign-in) or 'exists'. */
export async function bootstrapFirstAdmin(sql: Sql, phone: string): Promise<{ status: 'active' | 'pending' | 'exists' }> {
  try {
    const [row] = await sql`select private.bootstrap_first_admin(${phone}) as result`;
    return { status: (row!.result as { status: 'active' | 'pending' }).status };
  } catch (error) {
    if ((error as { code?: string }).code === 'LY409') return { status: 'exists' };
    throw error;
  }
}
