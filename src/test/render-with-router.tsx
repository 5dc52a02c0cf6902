// Renders one component inside a memory router (at a URL, so search params work) and a fresh
// query client; `location()` reads the URL the component wrote.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

export function renderWithRouter(element: ReactNode, url = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    router,
    queryClient,
    location: () =>
      new URL(`http://x${router.state.location.pathname}${router.state.location.search}`),
  };
}

/** A JSON fetch stub routed by path: `routes['/api/x']` answers that path (a function sees the URL). */
export function stubApi(
  routes: Record<string, unknown | ((url: URL, init?: RequestInit) => [number, unknown])>,
) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const route = routes[url.pathname];
    const [status, body] =
      typeof route === 'function'
        ? (route as (url: URL, init?: RequestInit) => [number, unknown])(url, init)
        : route === undefined
          ? [404, { error: { code: 'not_found', message: 'Not found' } }]
          : [200, route];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
