// The app's one QueryClient and its provider, loaded with the first screen group that uses TanStack
// Query (router.tsx's `screen`), not with the entry: the public home page reads its data through
// public-query.ts's small cache, which this client takes over when it is created.
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { servedByClient } from '@/lib/public-query.ts';
import { connectSharedReads, createQueryClient } from '@/lib/query-client.ts';

/**
 * The app's QueryClient, created (and given the small cache's answers) as this module loads, not
 * while a screen renders: the screens reading the small cache switch to it, which must not happen
 * during another component's render.
 */
const appClient: QueryClient = createQueryClient();
// Under a test's <Providers> its client already serves the reads, and keeps serving them.
if (!servedByClient()) connectSharedReads(appClient);

export function appQueryClient(): QueryClient {
  return appClient;
}

/** Gives its children the app's QueryClient, unless one is already provided (tests provide theirs). */
export function WithQueries(props: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return <>{props.children}</>;
  return <QueryClientProvider client={appQueryClient()}>{props.children}</QueryClientProvider>;
}
