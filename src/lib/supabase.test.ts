// The Auth client loads on first need: a visitor with nothing stored is "nobody" without it, a
// sign-in loads it and the listeners already waiting hear of the session; a stored session loads it
// at once.
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

const created = vi.hoisted(() => ({ count: 0, listeners: [] as ((event: string, session: unknown) => void)[] }));

vi.mock('@supabase/auth-js', () => ({
  AuthClient: class {
    constructor() {
      created.count += 1;
    }
    onAuthStateChange(listener: (event: string, session: unknown) => void) {
      created.listeners.push(listener);
      queueMicrotask(() => listener('INITIAL_SESSION', null));
      return { data: { subscription: { unsubscribe: () => undefined } } };
    }
    async getSession() {
      return { data: { session: { access_token: 'stored-token' } }, error: null };
    }
    async signInAnonymously() {
      for (const listener of created.listeners) listener('SIGNED_IN', { access_token: 'kiosk-token' });
      return { data: {}, error: null };
    }
  },
}));

beforeEach(() => {
  vi.resetModules();
  created.count = 0;
  created.listeners = [];
  localStorage.clear();
});

it('tells a visitor with nothing stored that nobody is signed in, without loading the client', async () => {
  const { supabase, getAccessToken } = await import('./supabase.ts');
  const events: [string, unknown][] = [];
  supabase.auth.onAuthStateChange((event, session) => events.push([event, session]));
  await vi.waitFor(() => expect(events).toEqual([['INITIAL_SESSION', null]]));
  expect(await supabase.auth.getSession()).toEqual({ data: { session: null }, error: null });
  expect(await getAccessToken()).toBeNull();
  expect(created.count).toBe(0);
});

it('loads the client at a sign-in, and the listeners already waiting hear of it', async () => {
  const { supabase } = await import('./supabase.ts');
  const events: string[] = [];
  supabase.auth.onAuthStateChange((event) => events.push(event));
  await supabase.auth.signInAnonymously();
  expect(created.count).toBe(1);
  expect(events).toContain('SIGNED_IN');
});

it('loads the client at once when a session is stored, and reads the token from it', async () => {
  localStorage.setItem(AUTH_STORAGE_KEY, '{}');
  const { supabase, getAccessToken } = await import('./supabase.ts');
  const events: string[] = [];
  supabase.auth.onAuthStateChange((event) => events.push(event));
  await vi.waitFor(() => expect(events).toEqual(['INITIAL_SESSION']));
  expect(created.count).toBe(1);
  expect(await getAccessToken()).toBe('stored-token');
});

it('stops a listener that unsubscribed before the client loaded', async () => {
  const { supabase } = await import('./supabase.ts');
  const events: string[] = [];
  const { data } = supabase.auth.onAuthStateChange((event) => events.push(event));
  data.subscription.unsubscribe();
  await supabase.auth.signInAnonymously();
  await Promise.resolve();
  expect(events).toEqual([]);
});
