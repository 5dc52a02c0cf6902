// GET /api/admin/funder-report and PUT /api/admin/funder-report/population: the funder's month and
// the village's population it is measured against.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export const funderReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/funder-report', { month }] as const,
    queryFn: () => callEndpoint(endpoints.funderReport, { query: { month } }),
  });

export const useFunderReport = (month: string) => useQuery(funderReportQueryOptions(month));

export function useSetVillagePopulation() {
  return useRefreshingMutation(
    (villagePopulation: number | null) =>
      callEndpoint(endpoints.setVillagePopulation, { body: { villagePopulation } }),
    { queryKey: ['/api/admin/funder-report'] },
  );
}
