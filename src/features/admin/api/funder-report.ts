// GET /api/admin/funder-report and PUT /api/admin/funder-report/population: the funder's month and
// the village's population it is measured against.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const funderReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/funder-report', { month }] as const,
    queryFn: () => callEndpoint(routes.funderReport, { query: { month } }),
  });

export const useFunderReport = (month: string) => useQuery(funderReportQueryOptions(month));

export function useSetVillagePopulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (villagePopulation: number | null) =>
      callEndpoint(routes.setVillagePopulation, { body: { villagePopulation } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/funder-report'] }),
  });
}
