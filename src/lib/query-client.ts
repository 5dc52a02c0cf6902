// The app's QueryClient. Data stays fresh for 30 s (a navigation back and forth within that time
// reads the cache, no refetch storm; after it, a screen mounting again reads the server), no
// refetch on window focus by default, no polling, no retries. Screens that must stay current while
// left open opt in with `liveQuery` (src/lib/live.ts, docs/LIVE.md): polling while visible and a
// refetch on focus. PRODUCT §9 asked for `staleTime: Infinity`; that was replaced (pages left
// open all day showed the morning's figures). There is no default queryFn: every query comes from
// an endpoint file whose fetcher parses the answer with the shared contract.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { DEFAULT_STALE_MS } from './stale-time.ts';
import { handOver, PENDING, setReadSource, snapshotOf, type ReadSource } from './public-query.ts';

export { DEFAULT_STALE_MS };

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

/** The public site's shared reads (public-query.ts) served by `client`'s cache, as useQuery would. */
function readSourceOf(client: QueryClient): ReadSource {
  const snapshots = new WeakMap<object, ReturnType<ReadSource['read']>>();
  return {
    subscribe(key, fetcher, listener) {
      const observer = new QueryObserver(client, { queryKey: [key], queryFn: fetcher });
      return observer.subscribe(() => listener());
    },
    read(key) {
      const state = client.getQueryCache().find({ queryKey: [key], exact: true })?.state;
      if (!state) return PENDING;
      let snapshot = snapshots.get(state);
      if (!snapshot) {
        snapshot = snapshotOf(state.status, state.data, state.error, state.fetchStatus === 'fetching');
        snapshots.set(state, snapshot);
      }
      return snapshot;
    },
    refetch: (key, fetcher) =>
      client.fetchQuery({ queryKey: [key], queryFn: fetcher, staleTime: 0 }).catch(() => undefined),
  };
}

/**
 * Makes `client` the cache of the public site's shared reads: what the small cache already holds
 * (answers, requests under way) moves into it, and the screens reading them follow it from now on.
 */
export function connectSharedReads(client: QueryClient): void {
  for (const { key, data, updatedAt, inFlight } of handOver()) {
    if (client.getQueryData([key]) !== undefined) continue;
    if (data !== undefined) client.setQueryData([key], data, { updatedAt });
    else if (inFlight) void client.prefetchQuery({ queryKey: [key], queryFn: () => inFlight });
  }
  setReadSource(readSourceOf(client));
}
