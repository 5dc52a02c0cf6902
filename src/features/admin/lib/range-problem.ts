// What is wrong with a custom date range, in words (never "Invalid query"). The rule
// itself is the contract's (checkRange, which the API applies too): this only words its answer.
// The contract loads on first need (the dashboard's own reads have loaded it by then), so /admin's
// first load carries no zod.
import { ApiError, userMessage } from '@/lib/api-client.ts';

const lead = 'Choose other dates';

/**
 * The contract's objection to a custom range from–to, or null when the API will take it. Null
 * too when the contract cannot load: the API applies the same rule, and readProblem words its 400.
 */
export async function customRangeProblem(from: string, to: string): Promise<string | null> {
  const contract = await import('@contract').catch(() => null);
  if (!contract) return null;
  const parsed = contract.MetricsQuery.safeParse({ range: 'custom', from, to });
  if (parsed.success) return null;
  return `${lead}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`;
}

/** A failed dashboard read in words: a refused range names its fields' messages. */
export function readProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.fields) {
    const messages = Object.values(error.fields).flat();
    if (messages.length > 0) return `${lead}: ${messages.join('; ')}.`;
  }
  return userMessage(error);
}
