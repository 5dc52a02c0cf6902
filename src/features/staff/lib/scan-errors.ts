// What the counter says when a scan or a redemption fails: a short title by status, and the
// API's own sentence underneath (it knows whether the token expired, was used, or is unknown).
import { ApiError, userMessage } from '@/lib/api-client.ts';

export function scanErrorTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Could not reach the server';
  switch (error.status) {
    case 400:
      return 'Not a member code';
    case 401:
      return 'Signed out';
    case 403:
      return /suspended|closed/i.test(error.userMessage) ? 'Membership not active' : 'Not allowed here';
    case 404:
      return 'Code not recognised';
    case 409:
      return 'Code already used';
    case 410:
      // A lost member card replaced by a new one (22_member_cards.sql), or an expired check-in code.
      return /replaced/i.test(error.userMessage) ? 'Card replaced' : 'Code expired';
    case 429:
      return 'Already checked in recently';
    default:
      return 'Something went wrong';
  }
}

export function scanError(error: unknown): { title: string; message: string } {
  return { title: scanErrorTitle(error), message: userMessage(error) };
}
