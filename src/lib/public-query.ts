// The public site's shared reads (GET /api/programme, GET /api/locations) without TanStack Query in
// the first load of `/`: the public layout, the home page and How It Works read them here. Until
// the app's QueryClient exists (a screen group that uses TanStack Query has loaded) a small cache
// serves them with the query client's rules (fresh for DEFAULT_STALE_MS, refetched when a screen
// mounts after that, an error refetched on the next mount, no retries, one request at a time).
// Once the client exists, its cache takes over (what the small cache holds is handed to it), so
// one key has one answer app-wide and an admin's invalidation reaches these screens too.
import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_STALE_MS } from './stale-time.ts';

/** What a read looks like to a screen: the fields of a useQuery result the screens use. */
export interface SharedRead<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

type Snapshot = Omit<SharedRead<unknown>, 'refetch'>;

/** Where reads come from: the small cache below, or the QueryClient's (query-client.ts). */
export interface ReadSource {
  /** Starts watching a key (fetching it when it is missing or stale); answers the stop function. */
  subscribe(key: string, fetcher: () => Promise<unknown>, listener: () => void): () => void;
  /** The key's current state; the same object until it changes. */
  read(key: string): Snapshot;
  refetch(key: string, fetcher: () => Promise<unknown>): Promise<unknown>;
}

export const PENDING: Snapshot = {
  status: 'pending',
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isSuccess: false,
  isFetching: false,
};

export function snapshotOf(
  status: Snapshot['status'],
  data: unknown,
  error: unknown,
  isFetching: boolean,
): Snapshot {
  return {
    status,
    data,
    error: status === 'error' ? error : null,
    isPending: status === 'pending',
    isError: status === 'error',
    isSuccess: status === 'success',
    isFetching,
  };
}

interface Entry {
  snapshot: Snapshot;
  updatedAt: number;
  inFlight?: Promise<unknown>;
  listeners: Set<() => void>;
}

/** The small cache used until the QueryClient exists. */
const entries = new Map<string, Entry>();

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { snapshot: PENDING, updatedAt: 0, listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function set(entry: Entry, snapshot: Snapshot) {
  entry.snapshot = snapshot;
  for (const listener of entry.listeners) listener();
}

/** Fetches the key once at a time; answers when the request has settled (never rejects). */
function fetchInto(entry: Entry, fetcher: () => Promise<unknown>): Promise<unknown> {
  let request = entry.inFlight;
  if (!request) {
    const { status, data, error } = entry.snapshot;
    set(entry, snapshotOf(status, data, error, true));
    request = fetcher();
    entry.inFlight = request;
    request.then(
      (answer) => {
        entry.inFlight = undefined;
        entry.updatedAt = Date.now();
        set(entry, snapshotOf('success', answer, null, false));
      },
      (failure: unknown) => {
        entry.inFlight = undefined;
        // Like useQuery: data already shown stays, with the error beside it.
        set(entry, snapshotOf('error', entry.snapshot.data, failure, false));
      },
    );
  }
  return request.catch(() => undefined);
}

const smallCache: ReadSource = {
  subscribe(key, fetcher, listener) {
    const entry = entryOf(key);
    entry.listeners.add(listener);
    const stale = entry.snapshot.status !== 'success' || Date.now() - entry.updatedAt > DEFAULT_STALE_MS;
    if (stale) void fetchInto(entry, fetcher);
    return () => entry.listeners.delete(listener);
  },
  read: (key) => entries.get(key)?.snapshot ?? PENDING,
  refetch: (key, fetcher) => fetchInto(entryOf(key), fetcher),
};

let source: ReadSource = smallCache;
const sourceListeners = new Set<() => void>();

/** What the small cache holds, for the QueryClient taking over: answers and requests under way. */
export function handOver(): { key: string; data?: unknown; updatedAt: number; inFlight?: Promise<unknown> }[] {
  return [...entries].map(([key, entry]) => ({
    key,
    data: entry.snapshot.status === 'success' ? entry.snapshot.data : undefined,
    updatedAt: entry.updatedAt,
    inFlight: entry.inFlight,
  }));
}

/** Whether a QueryClient already serves the reads (a test's `<Providers>` connects its own first). */
export function servedByClient(): boolean {
  return source !== smallCache;
}

/** Makes `next` the source of every read (the app's or a test's QueryClient). */
export function setReadSource(next: ReadSource) {
  if (source === next) return;
  source = next;
  for (const listener of sourceListeners) listener();
}

function subscribeToSource(listener: () => void) {
  sourceListeners.add(listener);
  return () => sourceListeners.delete(listener);
}

/** A shared read of the key's URL, fetched with `fetcher` (loaded on demand by the caller). */
export function useSharedRead<T>(key: string, fetcher: () => Promise<T>): SharedRead<T> {
  const current = useSyncExternalStore(subscribeToSource, () => source, () => source);
  // The fetcher is the same function for a key; a new closure each render must not resubscribe.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => current.subscribe(key, fetcher, listener), [current, key]);
  const read = useCallback(() => current.read(key), [current, key]);
  const snapshot = useSyncExternalStore(subscribe, read, read);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const refetch = useCallback(() => current.refetch(key, fetcher), [current, key]);
  return { ...(snapshot as Omit<SharedRead<T>, 'refetch'>), refetch };
}
