// The Campaigns tab's calls: list with figures, preview (count and exact text),
// send or schedule, cancel before it starts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignSegment, CreateCampaignRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

const CAMPAIGNS = '/api/admin/campaigns';

export function useCampaigns() {
  return useQuery({
    queryKey: [CAMPAIGNS] as const,
    queryFn: () => callEndpoint(endpoints.adminCampaigns),
    // Delivery figures move while texts go out.
    refetchInterval: 5_000,
  });
}

/** The count and exact text for a message and segment; nothing is asked before there is a message. */
export function useCampaignPreview(message: string, segment: CampaignSegment) {
  return useQuery({
    queryKey: [`${CAMPAIGNS}/preview`, message, segment] as const,
    queryFn: () => callEndpoint(endpoints.previewCampaign, { body: { message, segment } }),
    enabled: message.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCreateCampaign() {
  return useRefreshingMutation(
    (request: z.input<typeof CreateCampaignRequest>) =>
      callEndpoint(endpoints.createCampaign, { body: request }),
    { queryKey: [CAMPAIGNS] },
  );
}

export function useCancelCampaign() {
  return useRefreshingMutation(
    (campaignId: string) => callEndpoint(endpoints.cancelCampaign, { params: { campaignId } }),
    { queryKey: [CAMPAIGNS] },
  );
}
