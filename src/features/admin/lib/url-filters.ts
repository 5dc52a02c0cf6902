// The dashboard's filters live in the URL (?location=&range=&from=&to=), so a view can be shared
// and survives a reload; anything malformed in the URL falls back to the defaults.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminFilters } from '../api/filters.ts';

const RANGES = ['7days', '30days', '3months', 'custom'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const LOCATION = /^[a-z][a-z0-9-]{1,40}$/;

export function filtersFromParams(params: URLSearchParams): AdminFilters {
  const location = params.get('location') ?? '';
  const range = params.get('range') ?? '7days';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const base = LOCATION.test(location) ? { location } : {};
  if (range === 'custom') {
    if (ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to) {
      return { ...base, range: 'custom', from, to };
    }
    return { ...base, range: '7days' };
  }
  return {
    ...base,
    range: (RANGES as readonly string[]).includes(range)
      ? (range as AdminFilters['range'])
      : '7days',
  };
}

/** Writes the filters over the current params, keeping the others (the open tab, the search…). */
export function paramsFromFilters(
  filters: AdminFilters,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['location', 'range', 'from', 'to']) next.delete(key);
  if (filters.location) next.set('location', filters.location);
  if (filters.range !== '7days') next.set('range', filters.range);
  if (filters.range === 'custom' && filters.from && filters.to) {
    next.set('from', filters.from);
    next.set('to', filters.to);
  }
  return next;
}

export function useUrlFilters(): [AdminFilters, (filters: AdminFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: AdminFilters) => setParams((current) => paramsFromFilters(next, current)),
    [setParams],
  );
  return [filters, setFilters];
}

/**
 * Sets several URL parameters in one navigation ('' or undefined removes one). react-router's
 * functional setSearchParams does not chain two calls in one tick, so changes go together.
 */
export function useSetUrlParams(): (updates: Record<string, string | undefined>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (updates) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(updates)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}

/** One URL parameter of the admin screens (tab, search, page), with its setter. */
export function useUrlParam(name: string, fallback = ''): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const setMany = useSetUrlParams();
  const value = params.get(name) ?? fallback;
  const set = useCallback(
    (next: string) => setMany({ [name]: next === fallback ? '' : next }),
    [name, fallback, setMany],
  );
  return [value, set];
}
