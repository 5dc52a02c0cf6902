// The number of participating businesses, from GET /api/locations: the same query
// key as get-locations.ts, its fetcher and zod loaded on demand so the public layout stays light.
import { useQuery } from '@tanstack/react-query';

/** The number of participating businesses, undefined while unknown. */
export function useBusinessCount(): number | undefined {
  const locations = useQuery({
    queryKey: ['/api/locations'],
    queryFn: async () => (await import('@/features/locations/api/get-locations.ts')).getLocations(),
  });
  return locations.data?.length;
}
