// POST /api/admin/flags/{flagId}/dismiss: the operator looked at a flag and found nothing wrong.
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function dismissFlag(flagId: string) {
  return callEndpoint(endpoints.dismissFlag, { params: { flagId } });
}

export function useDismissFlag() {
  return useRefreshingMutation(dismissFlag, { queryKey: ['/api/admin/flags'] });
}
