// GET /api/admin/wallet: per wallet provider, configured or the secret names still missing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const adminWalletQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/wallet'] as const,
    queryFn: () => callEndpoint(routes.adminWallet),
  });

export const useAdminWallet = () => useQuery(adminWalletQueryOptions());
