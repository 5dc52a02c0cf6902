// GET /api/locations for the public layout and the home page: the same key as
// features/locations/api/get-locations.ts, read through public-query.ts (no TanStack Query in the
// first load of `/`); its fetcher and the contract load on demand.
import type { LocationList } from '@contract';
import { useSharedRead } from '@/lib/public-query.ts';

const fetchLocations = async (): Promise<LocationList> =>
  (await import('@/features/locations/api/get-locations.ts')).getLocations();

/** The participating businesses. */
export function usePublicLocations() {
  return useSharedRead('/api/locations', fetchLocations);
}

/** The number of participating businesses, undefined while unknown. */
export function usePublicBusinessCount(): number | undefined {
  return usePublicLocations().data?.length;
}
