// GET /api/admin/wallet: per wallet provider, configured or the secret names still missing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminWalletStatus } from '@contract';
import { getByKey } from '@/lib/api-client.ts';

export const adminWalletQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/wallet'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminWalletStatus, queryKey),
  });

export const useAdminWallet = () => useQuery(adminWalletQueryOptions());
