// App-wide providers: the query client (PRODUCT §9 defaults).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client.ts';

export function Providers(props: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => props.queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{props.children}</QueryClientProvider>;
}
