// The API client of SPEC §7: every request sends cookies; a JSON content type and body only
// when there is a payload; a non-ok response throws "<status>: <body text or status text>".
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/** Where /api lives: the same origin (Vite proxy or a host rewrite) unless configured. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
}

export async function apiRequest(
  method: string,
  url: string,
  payload?: unknown,
): Promise<Response> {
  const hasPayload = payload !== undefined;
  const response = await fetch(`${API_BASE}${url}`, {
    method,
    headers: hasPayload ? { 'Content-Type': 'application/json' } : {},
    body: hasPayload ? JSON.stringify(payload) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * The URL a query key stands for: parts joined with '/'; a key of exactly two parts whose
 * second is an object is a path plus query parameters (its non-null entries).
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const [first, second] = queryKey;
  if (
    queryKey.length === 2 &&
    typeof first === 'string' &&
    second !== null &&
    typeof second === 'object'
  ) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(second as Record<string, unknown>)) {
      if (value !== null && value !== undefined) params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `${first}?${query}` : first;
  }
  return queryKey.join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data fetch: GET with credentials, parsed as JSON; optionally 401 → null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(`${API_BASE}${urlFromQueryKey(queryKey)}`, {
      credentials: 'include',
    });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
