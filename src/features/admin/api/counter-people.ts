// GET /api/admin/locations/{id}/counter-people: who served at a business's counter (30 days).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';

export const counterPeopleQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: [`/api/admin/locations/${encodeURIComponent(locationId)}/counter-people`] as const,
    queryFn: () => callEndpoint(endpoints.counterPeople, { params: { locationId } }),
  });

// On the owner's view left open: within 30 s of the truth.
export const useCounterPeople = (locationId: string) =>
  useQuery({ ...counterPeopleQueryOptions(locationId), ...liveQuery(BOARD_POLL_MS) });
