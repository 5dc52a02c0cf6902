// How long an answer stays fresh (query-client.ts's rules), in a module of its own so the public
// site's small cache (public-query.ts) reads it without loading TanStack Query.
export const DEFAULT_STALE_MS = 30_000;
