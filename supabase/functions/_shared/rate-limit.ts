// Abuse limits kept in Postgres (app.hit_rate_limit), so every edge instance shares the count,
// and the one place the client's address comes from.
import type { RateLimitRule } from './config.ts';
import type { Db } from './db.ts';
import { ApiError } from './errors.ts';

/** Counts one request of `key` in `bucket`; 429 with Retry-After once the rule's limit is passed. */
export async function enforceRateLimit(db: Db, bucket: string, key: string, rule: RateLimitRule) {
  const [row] = await db.asService(
    (sql) => sql<{ wait: number }[]>`
      select app.hit_rate_limit(${bucket}, ${key}, ${rule.limit}, ${rule.windowSeconds}) as wait`,
  );
  const wait = row?.wait ?? 0;
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
