// GET /api/locations: the participating businesses, parsed with the shared contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationList } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function getLocations(): Promise<LocationList> {
  return callEndpoint(endpoints.locations);
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/locations'], queryFn: getLocations });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
