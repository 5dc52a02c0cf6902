// Idempotency-Keys at the counter: a scan is a new attempt with a new key; the same
// key goes again only when the counter retries a request whose answer it never got (network
// error, 5xx, timeout) — so scanning the same member card hours later records a new visit.
import { ApiError, isNetworkError } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';

/** True when the request may have happened without the counter hearing the answer. */
export function answerNeverCame(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof ApiError && error.status >= 500);
}

export class Attempts {
  private last: { request: string; key: string; unanswered: boolean } | null = null;

  /** The key for sending `request`: the unanswered attempt's key when this is its retry, else new. */
  keyFor(request: string): string {
    if (this.last?.request === request && this.last.unanswered) return this.last.key;
    this.last = { request, key: newIdempotencyKey('counter-'), unanswered: true };
    return this.last.key;
  }

  /** Records how the attempt ended: answered (a result or a refusal) or not. */
  settle(request: string, error?: unknown) {
    if (this.last?.request !== request) return;
    this.last.unanswered = error !== undefined && answerNeverCame(error);
  }
}
