// The operator's member records: correct a name or a phone, suspend / unsuspend,
// adjust points, forget. Each changes what the admin reads show, so every admin answer is refreshed.
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { answersUnder, useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

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
  const params = { customerId: input.customerId };
  const reason = input.reason;
  switch (input.action) {
    case 'name':
      return callEndpoint(endpoints.renameMember, { params, body: { name: input.name!, reason } });
    case 'phone':
      return callEndpoint(endpoints.changeMemberPhone, { params, body: { phone: input.phone!, reason } });
    case 'adjust-points':
      return callEndpoint(endpoints.adjustPoints, { params, body: { points: input.points!, reason } });
    case 'suspend':
      return callEndpoint(endpoints.suspendMember, { params, body: { reason } });
    case 'unsuspend':
      return callEndpoint(endpoints.unsuspendMember, { params, body: { reason } });
    case 'forget':
      return callEndpoint(endpoints.forgetMember, { params, body: { reason } });
  }
}

export function useMemberAction() {
  return useRefreshingMutation(memberAction, answersUnder('/api/admin'));
}
