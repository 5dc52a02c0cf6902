// The admin dashboard (SPEC §2): metrics with growth, recent activity, customers, top
// locations, and setting a location's kiosk enrolment code. Admins only; the SQL checks too.
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import {
  ActivityQuery,
  ActivityResponse,
  AdminCustomersResponse,
  CustomersQuery,
  MetricsQuery,
  MetricsResponse,
  SetEnrolmentCodeParams,
  SetEnrolmentCodeRequest,
  SetEnrolmentCodeResponse,
  TopLocationsQuery,
  TopLocationsResponse,
} from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { parseBody, parseParams, parseQuery } from '../validation.ts';

export const admin = new Hono<AppEnv>()
  .get('/metrics', async (c) => {
    const caller = requireCaller(c, 'admin');
    const q = parseQuery(c, MetricsQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ metrics: unknown }[]>`
      select app.admin_metrics(${q.location ?? null}, ${q.range}, ${q.from ?? null}::date, ${q.to ?? null}::date) as metrics`);
    return c.json(MetricsResponse.parse(row?.metrics));
  })
  .get('/activity', async (c) => {
    const caller = requireCaller(c, 'admin');
    const { limit } = parseQuery(c, ActivityQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ activity: unknown }[]>`
      select app.admin_activity(${limit}) as activity`);
    return c.json(ActivityResponse.parse(row?.activity));
  })
  .get('/customers', async (c) => {
    const caller = requireCaller(c, 'admin');
    const q = parseQuery(c, CustomersQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ customers: unknown }[]>`
      select app.admin_customers(${q.search ?? null}, ${q.location ?? null}, ${q.range},
        ${q.from ?? null}::date, ${q.to ?? null}::date, ${q.limit}) as customers`);
    return c.json(AdminCustomersResponse.parse(row?.customers));
  })
  .get('/top-locations', async (c) => {
    const caller = requireCaller(c, 'admin');
    const q = parseQuery(c, TopLocationsQuery);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ locations: unknown }[]>`
      select app.admin_top_locations(${q.range}, ${q.from ?? null}::date, ${q.to ?? null}::date, ${q.limit}) as locations`);
    return c.json(TopLocationsResponse.parse(row?.locations));
  })
  .put('/locations/:locationId/enrolment-code', async (c) => {
    const caller = requireCaller(c, 'admin');
    const { locationId } = parseParams(c, SetEnrolmentCodeParams);
    const { code } = await parseBody(c, SetEnrolmentCodeRequest);
    await c.var.db.asCaller(caller, (sql) => sql`select app.set_enrolment_code(${locationId}, ${code})`);
    return c.json(SetEnrolmentCodeResponse.parse({ locationId, enrolmentCodeSet: true }));
  });
