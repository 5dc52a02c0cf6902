// GET /api/programme: the tiers (thresholds, goal labels, rewards) and the public
// content. Nothing in src/ fixes a threshold or the public copy: screens read them here, cached by
// react-query (the query client's staleTime; an admin's change refetches this key).
// The fetcher (get-programme.ts, with the contract's schema) loads on demand.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgrammeResponse, ProgrammeTier } from '@contract';
import { businessesPhrase } from './business-count.ts';

export const programmeQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/programme'] as const,
    queryFn: async (): Promise<ProgrammeResponse> => (await import('./get-programme.ts')).getProgramme(),
  });

export function useProgramme() {
  return useQuery(programmeQueryOptions());
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
