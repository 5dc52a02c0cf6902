// GET /api/locations: the participating businesses, parsed with the shared contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationList, routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export function getLocations(): Promise<LocationList> {
  return callEndpoint(routes.locations);
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/locations'], queryFn: getLocations });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
