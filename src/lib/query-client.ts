// The app's QueryClient. Data stays fresh for 30 s (a navigation back and forth within that time
// reads the cache, no refetch storm; after it, a screen mounting again reads the server), no
// refetch on window focus by default, no polling, no retries. Screens that must stay current while
// left open opt in with `liveQuery` (src/lib/live.ts, docs/LIVE.md): polling while visible and a
// refetch on focus. PRODUCT §9 asked for `staleTime: Infinity`; that was replaced (pages left
// open all day showed the morning's figures). There is no default queryFn: every query comes from
// an endpoint file whose fetcher parses the answer with the shared contract.
import { QueryClient } from '@tanstack/react-query';

export const DEFAULT_STALE_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
