// The query client's provider (PRODUCT §9 defaults). The app mounts it around the screens that use
// TanStack Query (query-provider.tsx, loaded with their screen group), so `/` loads without it;
// tests wrap the route table in `Providers` with a client of their own.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { connectSharedReads, createQueryClient } from '@/lib/query-client.ts';

export function Providers(props: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => {
    const created = props.queryClient ?? createQueryClient();
    connectSharedReads(created);
    return created;
  });
  return <QueryClientProvider client={client}>{props.children}</QueryClientProvider>;
}
