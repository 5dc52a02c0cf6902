// The app's QueryClient with the data-fetch defaults of SPEC §9: cached data never goes stale,
// no refetch on window focus, no polling, no retries.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
