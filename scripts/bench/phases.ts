// The bench's HTTP phases against the api as deployed, and the same check-in SQL driven
// directly through the api's database layer (no HTTP), each summarised by stats.ts.
import { decodeJwt } from 'jose';
import type { Sql } from '../../dev/db.ts';
import { callerFromClaims } from '../../supabase/functions/_shared/caller.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { issueTokens, type Actors, type Customer, type Kiosk } from './fixture.ts';
import type { HttpClient } from './http.ts';
import { runLoad, type Budget } from './load.ts';
import { summarize, type Summary } from './stats.ts';

/** Check-ins by phone per kiosk device per hour (RATE_LIMIT_CHECKINS_PER_KIOSK's default, 120/3600). */
const STARTS_PER_KIOSK = 100;

/**
 * Hands out each customer once (the visit limits allow one visit each in an hour) and the kiosks
 * in turn, each under its hourly check-ins: parallel clients are different kiosks, as at the
 * businesses (one kiosk checks one customer in at a time).
 */
export class CheckinPool {
  private customer = 0;
  constructor(private readonly actors: Actors) {}
  /** The next customer and the next kiosk; undefined when the bench ran out. */
  next(): { customer: Customer; kiosk: Kiosk } | undefined {
    const kiosks = this.actors.kiosks;
    const customer = this.actors.customers[this.customer];
    const kiosk = kiosks[this.customer % kiosks.length];
    if (!customer || !kiosk || this.customer / kiosks.length >= STARTS_PER_KIOSK) return undefined;
    this.customer += 1;
    return { customer, kiosk };
  }
  get left() {
    return this.actors.customers.length - this.customer;
  }
}

const ok = (status: number) => status >= 200 && status < 300;

export async function pairPhase(
  http: HttpClient,
  pool: CheckinPool,
  clients: number,
  budget: Budget,
): Promise<Summary> {
  const { samples, wallMs } = await runLoad(clients, budget, async () => {
    const next = pool.next();
    if (!next) return 0;
    const started = await http.send('POST', '/api/checkin/start', next.kiosk.token, {
      locationId: next.kiosk.locationId,
      phone: next.customer.digits,
    });
    if (!ok(started.status)) return started.status;
    const { token } = JSON.parse(started.body) as { token: string };
    return (await http.send('POST', '/api/visits/approve', next.kiosk.token, { token })).status;
  });
  return summarize('check-in start + approve (pairs)', clients, samples, wallMs);
}

export async function approvePhase(
  sql: Sql,
  http: HttpClient,
  pool: CheckinPool,
  clients: number,
  count: number,
  budgetMs: number,
  /** Called once the tokens are made, just before the timed part. */
  beforeLoad?: () => void,
) {
  const pairs: { kiosk: Kiosk; customer: Customer }[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = pool.next();
    if (!next) break;
    pairs.push(next);
  }
  const tokens = await issueTokens(sql, pairs);
  beforeLoad?.();
  const { samples, wallMs } = await runLoad(
    clients,
    { ms: budgetMs, max: tokens.length },
    async (i) =>
      (await http.send('POST', '/api/visits/approve', pairs[i]!.kiosk.token, { token: tokens[i] }))
        .status,
  );
  return summarize('approve alone (tokens made beforehand)', clients, samples, wallMs);
}

export async function getPhase(
  http: HttpClient,
  name: string,
  path: string | ((i: number) => string),
  token: string | ((i: number) => string) | undefined,
  clients: number,
  budget: Budget,
): Promise<Summary> {
  const { samples, wallMs } = await runLoad(clients, budget, async (i) => {
    const reply = await http.send(
      'GET',
      typeof path === 'string' ? path : path(i),
      typeof token === 'function' ? token(i) : token,
    );
    return reply.status;
  });
  return summarize(name, clients, samples, wallMs);
}

/**
 * The check-in as the api runs it (rate-limit hit, start_checkin, approve_visit; same
 * transactions, same database layer) without HTTP, JWT or Hono: the ceiling the door can reach.
 */
export async function sqlPairPhase(
  sql: Sql,
  pool: CheckinPool,
  clients: number,
  budget: Budget,
): Promise<Summary> {
  const db = createDb(sql, { demoMode: false });
  const rule = { limit: 120, windowSeconds: 3600 };
  const { samples, wallMs } = await runLoad(clients, budget, async () => {
    const next = pool.next();
    if (!next) return 0;
    const caller = callerFromClaims(decodeJwt(next.kiosk.token), next.kiosk.token);
    try {
      const started = (await db.call(
        caller,
        'app.start_checkin',
        { p_location_id: next.kiosk.locationId, p_phone: next.customer.digits },
        { limits: [{ bucket: 'checkin:kiosk', key: next.kiosk.userId, ...rule }] },
      )) as { token: string };
      await db.call(caller, 'app.approve_visit', {
        p_token: started.token,
        p_location_id: null,
        p_idempotency_key: null,
      });
      return 200;
    } catch (error) {
      return Number(/^LY(\d{3})$/.exec(String((error as { code?: string }).code))?.[1] ?? 500);
    }
  });
  return summarize('start + approve as SQL (no HTTP)', clients, samples, wallMs);
}
