// POST /api/visits/approve: a kiosk, staff or admin approves a scanned check-in (SPEC §7). The
// rules (who may approve what, single use, expiry, points, unlocks) are in app.approve_visit.
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import { ApproveVisitRequest, ApproveVisitResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { parseBody } from '../validation.ts';

interface ApprovedVisitRow {
  visit_id: string;
  customer_id: string;
  customer_name: string;
  location_id: string;
  points_earned: number;
  total_points: number;
  unlocked_rewards: unknown[];
}

export const visits = new Hono<AppEnv>().post('/approve', async (c) => {
  const caller = requireCaller(c, 'kiosk', 'staff', 'admin');
  const { token, locationId } = await parseBody(c, ApproveVisitRequest);
  const [row] = await c.var.db.asCaller(caller, (sql) => sql<ApprovedVisitRow[]>`
    select * from app.approve_visit(${token}, ${locationId ?? null})`);
  return c.json(
    ApproveVisitResponse.parse({
      visitId: row?.visit_id,
      customer: { id: row?.customer_id, name: row?.customer_name },
      locationId: row?.location_id,
      pointsEarned: row?.points_earned,
      totalPoints: row?.total_points,
      unlockedRewards: row?.unlocked_rewards,
    }),
  );
});
