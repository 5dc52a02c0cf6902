// GET /api/locations: the participating businesses, parsed with the shared contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationList } from '@contract';
import { apiRequest } from '@/lib/api-client.ts';

export async function getLocations(): Promise<LocationList> {
  const response = await apiRequest('GET', '/api/locations');
  return LocationList.parse(await response.json());
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/locations'], queryFn: getLocations });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
