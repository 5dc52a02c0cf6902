// The app's QueryClient with the data-fetch defaults of SPEC §9: cached data never goes stale,
// no refetch on window focus, no polling, no retries. There is no default queryFn: every query
// comes from an endpoint file whose fetcher parses the answer with the shared contract.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
