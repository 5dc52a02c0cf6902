// GET /api/admin/coalition/business-report: one business's month, for a page its owner can print.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const businessReportQueryOptions = (location: string, month: string) =>
  queryOptions({
    queryKey: ['/api/admin/coalition/business-report', { location, month }] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.businessReport, { query: queryKey[1] }),
  });

export function useBusinessReport(location: string, month: string) {
  return useQuery({ ...businessReportQueryOptions(location, month), enabled: Boolean(location) });
}
