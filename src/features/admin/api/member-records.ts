// The operator's member records (issue 21 §3): correct a name or a phone, suspend / unsuspend,
// adjust points, forget. Each changes what the admin reads show, so every admin answer is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdjustPointsResponse, MemberRecord } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export type MemberAction = 'name' | 'phone' | 'suspend' | 'unsuspend' | 'forget' | 'adjust-points';

export interface MemberActionInput {
  customerId: string;
  action: MemberAction;
  reason: string;
  name?: string;
  phone?: string;
  points?: number;
}

export function memberAction(input: MemberActionInput): Promise<unknown> {
  const path = `/api/admin/customers/${encodeURIComponent(input.customerId)}/${input.action}`;
  switch (input.action) {
    case 'name':
      return apiJson(MemberRecord, 'POST', path, { name: input.name, reason: input.reason });
    case 'phone':
      return apiJson(MemberRecord, 'POST', path, { phone: input.phone, reason: input.reason });
    case 'adjust-points':
      return apiJson(AdjustPointsResponse, 'POST', path, { points: input.points, reason: input.reason });
    default:
      return apiJson(MemberRecord, 'POST', path, { reason: input.reason });
  }
}

export function useMemberAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: memberAction,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin'),
      }),
  });
}
