// Abuse limits kept in Postgres (app.hit_rate_limit), so every edge instance shares the count.
import type { Context } from 'hono';
import type { RateLimitRule } from './config.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

/** Counts one request of `key` in `bucket`; 429 with Retry-After once the rule's limit is passed. */
export async function enforceRateLimit(c: Context<AppEnv>, bucket: string, key: string, rule: RateLimitRule) {
  const [row] = await c.var.db.asService(
    (sql) => sql<{ wait: number }[]>`
      select app.hit_rate_limit(${bucket}, ${key}, ${rule.limit}, ${rule.windowSeconds}) as wait`,
  );
  const wait = row?.wait ?? 0;
  if (wait > 0) throw new ApiError(429, 'rate_limited', 'Too many requests; try again later', undefined, wait);
}

/**
 * The client's address as the platform's proxy reports it: Cloudflare's header, else the
 * address the last proxy appended to X-Forwarded-For (earlier entries are client-supplied).
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean);
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? forwarded?.at(-1) ?? 'unknown';
}
