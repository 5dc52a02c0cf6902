// POST /api/me/rewards/{customerRewardId}/not-me: "Not you?" on a redemption the member did not
// make; the operator gets a flag naming who redeemed it. The account is read again to show it sent.
import type { ReportRedemptionResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function reportRedemption(customerRewardId: string): Promise<ReportRedemptionResponse> {
  return callEndpoint(endpoints.reportRedemption, { params: { customerRewardId } });
}

export function useReportRedemption() {
  return useRefreshingMutation(reportRedemption, { queryKey: ['/api/me'] });
}
