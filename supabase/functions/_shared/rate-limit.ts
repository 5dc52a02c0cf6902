// Abuse limits kept in Postgres (app.hit_rate_limit), so every edge instance shares the count,
// and the one place the client's address comes from.
import type { Db, LimitHit } from './db.ts';
import { ApiError } from './errors.ts';

/**
 * Counts one request of `key` in `bucket` in a transaction of its own; 429 with Retry-After once
 * the rule's limit is passed. (An endpoint with limitsInCall counts them in its call instead.)
 */
export async function enforceRateLimit(db: Db, { bucket, key, limit, windowSeconds }: LimitHit) {
  const wait = Number(
    // A hit lost in a server crash lets one more request through: not worth a WAL flush each.
    await db.callAsService(
      'app.hit_rate_limit',
      { p_bucket: bucket, p_key: key, p_limit: limit, p_window_seconds: windowSeconds },
      { asyncCommit: true },
    ) ?? 0,
  );
  if (wait > 0) throw new ApiError(429, 'rate_limited', 'Too many requests; try again later', undefined, wait);
}

/**
 * The client's address from the ONE header the deployment's proxy sets (CLIENT_IP_HEADER):
 * every other header is the client's to invent, so reading a second one would let a client
 * reset its per-address limits. For X-Forwarded-For only the right-most entry counts, the one
 * the trusted proxy appended; entries before it are whatever the client sent.
 */
export function clientAddress(header: (name: string) => string | undefined, clientIpHeader: string): string {
  const value = header(clientIpHeader)?.trim();
  if (!value) return 'unknown';
  if (clientIpHeader !== 'x-forwarded-for') return value.slice(0, 100);
  const last = value.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  return last?.slice(0, 100) ?? 'unknown';
}
