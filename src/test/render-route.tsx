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

/**
 * A fetch stub answering /api/locations (and anything else) with this status and body;
 * GET /api/programme answers PROGRAMME (the seeded tiers and content) unless `programme` is given.
 */
export function stubFetch(status: number, body: unknown, programme: unknown = PROGRAMME) {
  const fetchMock = vi.fn(
    async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).split('?')[0]?.endsWith('/api/programme')
        ? new Response(JSON.stringify(programme), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify(body), {
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
 * in `calls`. Unknown routes answer 404 with the API's error body; GET /api/programme answers
 * PROGRAMME unless a handler is given for it.
 */
export function stubApi(given: Record<string, Handler>) {
  const handlers: Record<string, Handler> = { 'GET /api/programme': () => ({ status: 200, body: PROGRAMME }), ...given };
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

/** GET /api/programme as the seed answers it: the tiers and the public content (supabase/seed.sql). */
export const PROGRAMME = {
  tiers: [
    { name: 'Bronze', minPoints: 0, goalLabel: null, rewardValueCents: 0, reward: null },
    {
      name: 'Silver',
      minPoints: 10,
      goalLabel: '$5 Off - Silver Status',
      rewardValueCents: 500,
      reward: {
        id: '00000000-0000-4000-8000-000000000010',
        name: '$5 Off Any Business',
        description: '$5 off at any participating business, unlocked when you reach Silver status (10 points).',
      },
    },
    {
      name: 'Gold',
      minPoints: 20,
      goalLabel: '$10 Off - Gold Status',
      rewardValueCents: 1000,
      reward: {
        id: '00000000-0000-4000-8000-000000000020',
        name: '$10 Off Any Business',
        description: '$10 off at any participating business, unlocked when you reach Gold status (20 points).',
      },
    },
  ],
  content: {
    featured: { businesses: ['creamery', 'joanies'], tiers: ['Silver'] },
    testimonials: [
      { quote: 'I collected my Silver reward in two weeks.', who: 'Maria, member since spring' },
      { quote: 'The welcome scoop got my kids into the museum next door.', who: 'Dan, Gold member' },
      { quote: 'One card for every shop in the village.', who: 'Priya, Silver member' },
    ],
    contact: {
      email: 'hello@villagerewards.example',
      phone: '(555) 010-0100',
      hours: 'Monday–Friday, 9 AM – 5 PM CT',
      responseTime: '1-2 business days',
    },
    privacy: {
      intro: 'Village Rewards is one loyalty membership shared by {businesses} of our village.',
      stored: [{ what: 'Your name and mobile phone number', why: 'To find your membership at the counter.' }],
      sharing: 'The {businesses} taking part see your name, phone and visits at their counter.',
      retention: 'Your points never expire.',
      terms: ['Silver ({silver} points) brings $5 off and Gold ({gold} points) $10 off.'],
    },
  },
};
