// The signed-in member's own account: GET /api/me and GET /api/me/visits (visit history).
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { EmptyQuery, MeResponse, MyVisitsQuery, MyVisitsResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { parseQuery } from '../validation.ts';

export const me = new Hono<AppEnv>()
  .get('/', async (c) => {
    const caller = requireCaller(c, 'member', 'staff', 'admin');
    parseQuery(c, EmptyQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ me: unknown }[]>`select app.me() as me`);
    return c.json(MeResponse.parse(row?.me));
  })
  .get('/visits', async (c) => {
    const caller = requireCaller(c, 'member', 'staff', 'admin');
    const { limit } = parseQuery(c, MyVisitsQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ visits: unknown }[]>`
      select app.my_visits(${limit}) as visits`);
    return c.json(MyVisitsResponse.parse({ visits: row?.visits }));
  });
