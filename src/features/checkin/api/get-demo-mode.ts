// GET /api/demo: whether the API runs in demo mode (unenrolled kiosks trusted, 'Simulate Scan'
// offered). An API without the endpoint answers 404: that is "not in demo mode".
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoModeResponse } from '@contract';
import { ApiError, callEndpoint, endpoints } from '@/lib/api-client.ts';

export async function getDemoMode(): Promise<DemoModeResponse> {
  try {
    return await callEndpoint(endpoints.demoStatus);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { demoMode: false };
    throw error;
  }
}

export const demoModeQueryOptions = () =>
  queryOptions({ queryKey: ['/api/demo'] as const, queryFn: getDemoMode, retry: 3 });

export function useDemoMode() {
  return useQuery(demoModeQueryOptions());
}
