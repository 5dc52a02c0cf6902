// GET /api/admin/locations/{locationId}/kiosks: the kiosk devices of one business.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const kiosksQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: ['/api/admin/locations', locationId, 'kiosks'] as const,
    queryFn: () => callEndpoint(endpoints.adminKiosks, { params: { locationId } }),
  });

export function useKiosks(locationId: string) {
  return useQuery(kiosksQueryOptions(locationId));
}
