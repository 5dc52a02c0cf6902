// GET /api/admin/metrics: the four dashboard metrics with their growth, for the filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MetricsResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const metricsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: [
      '/api/admin/metrics',
      { location: filters.location, ...rangeParams(filters) },
    ] as const,
    queryFn: ({ queryKey }) => getByKey(MetricsResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useMetrics(filters: AdminFilters) {
  return useQuery(metricsQueryOptions(filters));
}
