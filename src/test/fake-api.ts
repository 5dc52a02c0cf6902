// Test doubles for the member and kiosk screens: a fetch that answers per "METHOD /path" (and
// records every call with its body and headers), and a fake supabase-js auth whose session a test
// sets. Use with `vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule())`, and `eachTest()` for
// what every screen test resets between tests.
import type { Session } from '@supabase/supabase-js';
import { act } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast.ts';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type Answer = [status: number, body: unknown] | Error;
type Handler = (call: RecordedCall) => Answer | Promise<Answer>;

/** Stubs fetch: each "METHOD /path" (query string ignored) answers from `routes`; others 404. */
export function fakeApi(routes: Record<string, Answer | Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (!answer) return json(404, { error: { code: 'not_found', message: 'Not found' } });
    if (answer instanceof Error) throw answer;
    return json(answer[0], answer[1]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function sessionFor(user: {
  is_anonymous?: boolean;
  id?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}): Session {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    user: {
      id: user.id ?? '11111111-1111-4111-8111-111111111111',
      aud: 'authenticated',
      created_at: '',
      app_metadata: user.app_metadata ?? {},
      user_metadata: user.user_metadata ?? {},
      is_anonymous: user.is_anonymous ?? false,
      ...(user.phone === undefined ? {} : { phone: user.phone }),
    },
  } as Session;
}

/** The auth half of supabase-js the screens use; `fakeAuth.set(session)` signs in or out. */
export const fakeAuth = {
  session: null as Session | null,
  listeners: new Set<(event: string, session: Session | null) => void>(),
  set(session: Session | null) {
    this.emit('SIGNED_IN', session);
  },
  /** supabase-js's auth event (INITIAL_SESSION, SIGNED_OUT, TOKEN_REFRESHED, …) with this session. */
  emit(event: string, session: Session | null) {
    this.session = session;
    for (const listener of this.listeners) listener(event, session);
  },
};

export function fakeSupabaseModule() {
  return {
    supabase: {
      auth: {
        onAuthStateChange(listener: (event: string, session: Session | null) => void) {
          fakeAuth.listeners.add(listener);
          queueMicrotask(() => listener('INITIAL_SESSION', fakeAuth.session));
          return { data: { subscription: { unsubscribe: () => fakeAuth.listeners.delete(listener) } } };
        },
        getSession: async () => ({ data: { session: fakeAuth.session } }),
        signInAnonymously: async () => {
          fakeAuth.set(sessionFor({ is_anonymous: true, id: '22222222-2222-4222-8222-222222222222' }));
          return { data: { session: fakeAuth.session }, error: null };
        },
        setSession: async () => ({ error: null }),
        signOut: async () => {
          fakeAuth.set(null);
          return { error: null };
        },
      },
    },
    getAccessToken: async () => fakeAuth.session?.access_token ?? null,
  };
}

/**
 * What every screen test resets: each test starts with empty session storage and signed out (or
 * with `signedIn()`'s session), after `reset` (more storage, caches); each ends with its toasts
 * dismissed, fetch unstubbed and real timers.
 */
export function eachTest(options: { reset?: () => void; signedIn?: () => Session } = {}) {
  beforeEach(() => {
    sessionStorage.clear();
    options.reset?.();
    act(() => fakeAuth.set(options.signedIn?.() ?? null));
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** The six seeded businesses as GET /api/locations answers them, with placeholder details (the
 *  member's passport counts them: "3 of 6 visited"). */
export const SIX_LOCATIONS = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'].map(
  (id) => ({
    id,
    slug: id,
    businessName: `Business ${id}`,
    kind: id,
    description: '',
    address: '',
    logoUrl: `/logos/${id}.svg`,
    icon: '',
    color: '',
    welcomeReward: { name: 'Free thing', description: '' },
  }),
);
