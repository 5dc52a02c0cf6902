// GET /api/admin/wallet: per wallet provider, configured or the secret names still missing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const adminWalletQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/wallet'] as const,
    queryFn: () => callEndpoint(endpoints.adminWallet),
  });

export const useAdminWallet = () => useQuery(adminWalletQueryOptions());
