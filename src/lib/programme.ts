// GET /api/programme: the tiers (thresholds, goal labels, rewards) and the public
// content. Nothing in src/ fixes a threshold or the public copy: screens read them here, cached
// like a query (public-query.ts: the small cache on the public site, the QueryClient's once it
// exists; the query client's staleTime; an admin's change refetches this key).
// The fetcher (get-programme.ts, with the contract's schema) loads on demand.
import type { ProgrammeResponse, ProgrammeTier } from '@contract';
import { businessesPhrase } from './business-count.ts';
import { useSharedRead } from './public-query.ts';

const PROGRAMME_KEY = '/api/programme';

const fetchProgramme = async (): Promise<ProgrammeResponse> =>
  (await import('./get-programme.ts')).getProgramme();

/** The programme's query key and fetcher (invalidating the key refetches every screen showing it). */
export const programmeQueryOptions = () => ({
  queryKey: [PROGRAMME_KEY] as const,
  queryFn: fetchProgramme,
});

export function useProgramme() {
  return useSharedRead(PROGRAMME_KEY, fetchProgramme);
}

/** A tier's threshold by name (undefined while unknown). */
export function thresholdOf(tiers: readonly ProgrammeTier[] | undefined, name: string): number | undefined {
  return tiers?.find((tier) => tier.name === name)?.minPoints;
}

/**
 * Content text with {silver} and {gold} replaced by the current thresholds, and {businesses} by
 * the current count of businesses in words ("seven businesses"; "businesses" while unknown).
 */
export function withThresholds(text: string, tiers: readonly ProgrammeTier[], businessCount?: number): string {
  return text
    .replace(/\{(silver|gold)\}/gi, (whole, name: string) => {
      const points = thresholdOf(tiers, name.charAt(0).toUpperCase() + name.slice(1).toLowerCase());
      return points === undefined ? whole : String(points);
    })
    .replace(/\{businesses\}/gi, () => businessesPhrase(businessCount, 'business'));
}
