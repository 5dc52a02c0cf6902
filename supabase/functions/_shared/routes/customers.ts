// Sign-up (POST /api/customers) from the kiosk, a business's join page or the general join
// page, and the contact form (POST /api/contact).
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { ContactMessageRequest, ContactMessageResponse, CreateCustomerRequest, CreateCustomerResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { clientIp, enforceRateLimit } from '../rate-limit.ts';
import { parseBody } from '../validation.ts';

interface CreatedCustomerRow {
  customer_id: string;
  welcome_reward_name: string | null;
  welcome_reward_description: string | null;
}

export const customers = new Hono<AppEnv>().post('/', async (c) => {
  const caller = requireCaller(c, 'anon', 'kiosk', 'member', 'staff', 'admin');
  const body = await parseBody(c, CreateCustomerRequest);
  const client = caller.kind === 'kiosk' ? `kiosk:${caller.userId}` : `ip:${clientIp(c)}`;
  await enforceRateLimit(c, 'customers', client, c.var.config.rateLimits.customersPerClient);
  const channel = caller.kind === 'kiosk' ? 'kiosk' : body.locationId ? 'business' : 'web';
  const [row] = await c.var.db.asCaller(caller, (sql) => sql<CreatedCustomerRow[]>`
    select * from app.create_customer(${body.name}, ${body.phone}, ${body.email ?? null},
      ${body.smsConsent}, ${body.emailConsent}, ${body.locationId ?? null}, ${channel})`);
  const welcomeReward = row?.welcome_reward_name
    ? { name: row.welcome_reward_name, description: row.welcome_reward_description }
    : null;
  return c.json(
    CreateCustomerResponse.parse({ customer: { id: row?.customer_id, name: body.name }, welcomeReward }),
    201,
  );
});

export const contact = new Hono<AppEnv>().post('/', async (c) => {
  const caller = requireCaller(c, 'anon', 'kiosk', 'member', 'staff', 'admin');
  const body = await parseBody(c, ContactMessageRequest);
  await enforceRateLimit(c, 'contact', clientIp(c), c.var.config.rateLimits.contactPerIp);
  await c.var.db.asCaller(caller, (sql) => sql`
    select app.submit_contact_message(${body.name}, ${body.email}, ${body.subject ?? null}, ${body.message})`);
  return c.json(ContactMessageResponse.parse({ received: true }), 201);
});
