// POST /api/checkin/start: a kiosk checks a customer in by phone, or a signed-in member starts
// a mobile check-in for themselves; either way a 15-minute single-use token comes back.
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { StartCheckinRequest, StartCheckinResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { parseBody } from '../validation.ts';

export const checkin = new Hono<AppEnv>().post('/start', async (c) => {
  requireCaller(c, 'kiosk', 'member', 'staff', 'admin');
  const body = await parseBody(c, StartCheckinRequest);
  const caller = body.phone ? requireCaller(c, 'kiosk') : requireCaller(c, 'member', 'staff', 'admin');
  if (body.phone) await enforceRateLimit(c, 'checkin:kiosk', caller.userId!, c.var.config.rateLimits.checkinsPerKiosk);
  const [row] = await c.var.db.asCaller(caller, (sql) => sql<{ token: string; expires_at: Date }[]>`
    select token, expires_at from app.start_checkin(${body.locationId}, ${body.phone ?? null})`);
  return c.json(StartCheckinResponse.parse({ token: row?.token, expiresAt: row?.expires_at.toISOString() }), 201);
});
