// GET /api/locations: the participating businesses, parsed with the shared contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationList } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function getLocations(): Promise<LocationList> {
  return apiJson(LocationList, 'GET', '/api/locations');
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/locations'], queryFn: getLocations });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
