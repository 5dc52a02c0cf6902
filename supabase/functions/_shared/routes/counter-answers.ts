// What a counter is told about a member. A member's id is their card's value
// (customer:{id}): a kiosk, a clerk or an owner who learnt it from a member who showed their
// phone (a check-in or redemption code) could later type it in as "their card was scanned".
// So a counter's answer names the member's id only when the counter itself scanned the card (it
// holds the value already), and admins, who may act on any member, always.
import type { Caller } from '../caller.ts';

/** The answer without customer.id, unless the caller is an admin or scanned the card itself. */
export function counterAnswer(result: unknown, caller: Caller, scannedCard = false): unknown {
  if (caller.kind === 'admin' || caller.kind === 'member' || scannedCard) return result;
  if (result === null || typeof result !== 'object') return result;
  const answer = result as { customer?: unknown };
  if (answer.customer === null || typeof answer.customer !== 'object') return result;
  const { id: _id, ...customer } = answer.customer as Record<string, unknown>;
  return { ...answer, customer };
}
