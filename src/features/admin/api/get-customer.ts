// GET /api/admin/customers/{customerId}: one customer's whole record (visits, rewards,
// redemptions, consents, ledger events) for the detail view.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const customerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['/api/admin/customers', customerId] as const,
    queryFn: () => callEndpoint(endpoints.adminCustomer, { params: { customerId } }),
  });

export function useCustomer(customerId: string | null) {
  return useQuery({ ...customerQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
}
