// Renders the app's real route table at a path, with a fresh query client (no retries).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { routes } from '@/app/router.tsx';

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/** A fetch stub answering /api/locations (and anything else) with this status and body. */
export function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type Handler = (
  body: unknown,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * A fetch stub answering by "METHOD /path" (query ignored); each call's parsed JSON body is kept
 * in `calls`. Unknown routes answer 404 with the API's error body.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { route: string; body: unknown; headers: HeadersInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0];
    const route = `${init?.method ?? 'GET'} ${path}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body, headers: init?.headers });
    const handler = handlers[route];
    const answer = handler
      ? await handler(body)
      : { status: 404, body: { error: { code: 'not_found', message: `No stub for ${route}` } } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The six seeded businesses as GET /api/locations answers (two are enough for most tests). */
export const LOCATIONS = [
  {
    id: 'creamery',
    slug: 'creamery',
    businessName: 'Village Creamery',
    kind: 'creamery',
    description: 'Small-batch ice cream.',
    address: '24 Mill Road',
    logoUrl: '/logos/creamery.svg',
    icon: 'ice-cream',
    color: 'pink',
    hours: '',
    welcomeReward: {
      name: 'Free Ice Cream Scoop',
      description: 'One free scoop on your first visit.',
    },
  },
  {
    id: 'joanies',
    slug: 'joanies',
    businessName: "Joanie's Pizzeria",
    kind: 'pizzeria',
    description: 'Stone-oven pizza.',
    address: '7 Market Square',
    logoUrl: '/logos/joanies.svg',
    icon: 'pizza',
    color: 'red',
    hours: '',
    welcomeReward: { name: 'Free Garlic Bread', description: 'Garlic bread on your first visit.' },
  },
];
