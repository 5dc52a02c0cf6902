// Resending a sign-in code too soon: Supabase Auth allows one code per phone per
// `max_frequency` and the API has its own per-phone limits; both answer 429 with Retry-After.
// The screen then counts down ("Resend in 42 s") instead of saying the resend failed.
import { ApiError } from '@/lib/api-client.ts';

/** When a resend may be tried again (epoch ms), or null when `error` is not a "wait" answer. */
export function resendAvailableAt(error: unknown, now: number = Date.now()): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  // Supabase Auth names whole seconds rounded down ("after 4 seconds" with 4.6 left): one more.
  return now + ((error.retryAfterSeconds ?? 59) + 1) * 1000;
}
