// Kiosk devices: open a session at a location, and enrol with the location's code (DESIGN §4).
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { EnrolKioskRequest, KioskSessionResponse, OpenKioskSessionRequest } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { parseBody } from '../validation.ts';

interface KioskSessionRow {
  session_id: string;
  location_id: string;
  enrolled: boolean;
}

const sessionResponse = (row: KioskSessionRow | undefined) =>
  KioskSessionResponse.parse({
    session: { id: row?.session_id, locationId: row?.location_id, enrolled: row?.enrolled },
  });

export const kiosk = new Hono<AppEnv>()
  .post('/session', async (c) => {
    const caller = requireCaller(c, 'kiosk');
    const { locationId, deviceFingerprint } = await parseBody(c, OpenKioskSessionRequest);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<KioskSessionRow[]>`
      select * from app.open_kiosk_session(${locationId}, ${deviceFingerprint ?? null})`);
    return c.json(sessionResponse(row));
  })
  .post('/enrol', async (c) => {
    const caller = requireCaller(c, 'kiosk');
    const { code } = await parseBody(c, EnrolKioskRequest);
    // Enrolment codes are guessable by brute force only if attempts are unlimited.
    await enforceRateLimit(c, 'kiosk-enrol', caller.userId!, c.var.config.rateLimits.enrolPerKiosk);
    const [row] = await c.var.db.asCaller(caller, (sql) => sql<KioskSessionRow[]>`
      select * from app.enrol_kiosk(${code})`);
    return c.json(sessionResponse(row));
  });
