// GET /api/locations: the six participating businesses with their welcome rewards (public).
import { Hono } from 'hono';
import { EmptyQuery, LocationList } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { parseQuery } from '../validation.ts';

export const locations = new Hono<AppEnv>().get('/', async (c) => {
  parseQuery(c, EmptyQuery);
  const { db, caller } = c.var;
  const rows = await db.asCaller(caller, (sql) => sql`
    select l.id, l.id as slug, l.business_name as "businessName", l.kind, l.description,
           l.address, l.logo_url as "logoUrl", l.icon, l.color,
           json_build_object('name', r.name, 'description', r.description) as "welcomeReward"
      from public.locations l
      join public.rewards r on r.location_id = l.id and r.kind = 'welcome'
     order by l.sort_order`);
  return c.json(LocationList.parse(rows));
});
