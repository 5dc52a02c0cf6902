// GET /api/admin/funder-report and PUT /api/admin/funder-report/population: the funder's month and
// the village's population it is measured against.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FunderReportResponse, VillagePopulationResponse } from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const funderReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/funder-report', { month }] as const,
    queryFn: ({ queryKey }) => getByKey(FunderReportResponse, queryKey),
  });

export const useFunderReport = (month: string) => useQuery(funderReportQueryOptions(month));

export function useSetVillagePopulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (villagePopulation: number | null) =>
      apiJson(VillagePopulationResponse, 'PUT', '/api/admin/funder-report/population', { villagePopulation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/funder-report'] }),
  });
}
