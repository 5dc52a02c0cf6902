// The Programme tab's reads and writes: limits, tiers (with the preview of how many
// members a change moves) and the public content. A saved change refetches GET /api/programme, so
// every screen reading the tiers or the content follows at once.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateContentRequest, UpdateTextSettingsRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { programmeQueryOptions } from '@/lib/programme.ts';

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/settings'] as const,
    queryFn: () => callEndpoint(endpoints.adminSettings),
  });

export function useAdminSettings() {
  return useQuery(settingsQueryOptions());
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, number>) => callEndpoint(endpoints.updateSettings, { body: values }),
    onSuccess: (data) => queryClient.setQueryData(settingsQueryOptions().queryKey, data),
  });
}

/** How many members the thresholds would move; off until both are valid numbers. */
export function useTierPreview(silver: number | null, gold: number | null) {
  return useQuery({
    queryKey: ['/api/admin/tiers/preview', { silver, gold }] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.tierPreview, { query: queryKey[1] }),
    enabled: silver !== null && gold !== null && gold > silver && silver > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface TierChange {
  minPoints: number;
  goalLabel: string;
  rewardValueCents: number;
  rewardName: string;
  rewardDescription: string;
}

export function useUpdateTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tiers: { Silver: TierChange; Gold: TierChange }) => callEndpoint(endpoints.updateTiers, { body: tiers }),
    // Not awaited: the form remounts with the refetched tiers, and the caller's own onSuccess
    // (its toast) must run before that.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: programmeQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/tiers/preview'] });
    },
  });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (part: UpdateContentRequest) => callEndpoint(endpoints.updateContent, { body: part }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: programmeQueryOptions().queryKey });
    },
  });
}

// The texts' settings: time zone, quiet hours, weekly cap, site address, SMS price.
export const textSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/text-settings'] as const,
    queryFn: () => callEndpoint(endpoints.adminTextSettings),
    // The clock beside the quiet hours moves: read it again each minute.
    refetchInterval: 60_000,
  });

export function useTextSettings() {
  return useQuery(textSettingsQueryOptions());
}

export function useUpdateTextSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateTextSettingsRequest) =>
      callEndpoint(endpoints.updateTextSettings, { body: values }),
    onSuccess: (data) => {
      queryClient.setQueryData(textSettingsQueryOptions().queryKey, data);
      // Campaign previews (the weekly cap, the SMS price) and lists (times in the zone) follow.
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/campaigns'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/campaigns/preview'] });
    },
  });
}
