// POST /api/admin/flags/{flagId}/dismiss: the operator looked at a flag and found nothing wrong.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function dismissFlag(flagId: string) {
  return apiJson(Flag, 'POST', `/api/admin/flags/${encodeURIComponent(flagId)}/dismiss`);
}

export function useDismissFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFlag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/flags'] }),
  });
}
