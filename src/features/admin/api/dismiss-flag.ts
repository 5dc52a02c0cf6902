// POST /api/admin/flags/{flagId}/dismiss: the operator looked at a flag and found nothing wrong.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export function dismissFlag(flagId: string) {
  return callEndpoint(routes.dismissFlag, { params: { flagId } });
}

export function useDismissFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFlag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/flags'] }),
  });
}
