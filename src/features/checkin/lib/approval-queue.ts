// Approvals the kiosk could not send for lack of network, kept on the device (localStorage) with
// the Idempotency-Key of their first attempt and sent again when the network returns: the same
// key on every retry means the API counts the visit once, and one flush at a time means this
// device never sends one entry twice at once.
import type { ApproveVisitResponse } from '@contract';
import { isNetworkError, userMessage } from '@/lib/api-client.ts';

export const APPROVAL_QUEUE_KEY = 'village-rewards-approval-queue';

export interface QueuedApproval {
  token: string;
  idempotencyKey: string;
  queuedAt: string;
}

export type FlushOutcome =
  | { entry: QueuedApproval; ok: true; result: ApproveVisitResponse }
  | { entry: QueuedApproval; ok: false; message: string };

type Send = (entry: QueuedApproval) => Promise<ApproveVisitResponse>;

const listeners = new Set<() => void>();
let cached: QueuedApproval[] | null = null;
/** What the API answered for tokens sent from the queue during this page's life. */
const outcomes = new Map<string, FlushOutcome>();

function isEntry(value: unknown): value is QueuedApproval {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.token === 'string' && typeof entry.idempotencyKey === 'string';
}

export function readQueue(): QueuedApproval[] {
  if (cached) return cached;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(APPROVAL_QUEUE_KEY) ?? '[]');
    cached = Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    cached = [];
  }
  return cached;
}

function writeQueue(entries: QueuedApproval[]) {
  cached = entries;
  try {
    localStorage.setItem(APPROVAL_QUEUE_KEY, JSON.stringify(entries));
  } catch {
    // storage blocked: the entry lives in memory until the page closes
  }
  for (const listener of listeners) listener();
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues an approval; a token already queued keeps its first key. */
export function enqueueApproval(entry: Omit<QueuedApproval, 'queuedAt'>): void {
  const queue = readQueue();
  if (queue.some((queued) => queued.token === entry.token)) return;
  writeQueue([...queue, { ...entry, queuedAt: new Date().toISOString() }]);
}

export function isQueued(token: string): boolean {
  return readQueue().some((entry) => entry.token === token);
}

let flushing: Promise<FlushOutcome[]> | null = null;

/**
 * Sends every queued approval, oldest first. An entry leaves the queue once the API answered it
 * (approved, or refused for good); a network failure stops the flush and keeps the rest.
 */
export function flushQueue(send: Send): Promise<FlushOutcome[]> {
  flushing ??= (async () => {
    const done: FlushOutcome[] = [];
    try {
      for (const entry of [...readQueue()]) {
        try {
          const result = await send(entry);
          done.push({ entry, ok: true, result });
        } catch (error) {
          if (isNetworkError(error)) break;
          done.push({ entry, ok: false, message: userMessage(error) });
        }
        outcomes.set(entry.token, done[done.length - 1]!);
        writeQueue(readQueue().filter((queued) => queued.idempotencyKey !== entry.idempotencyKey));
      }
    } finally {
      flushing = null;
    }
    return done;
  })();
  return flushing;
}

/** The answer to a queued token once it was sent, else undefined. */
export function outcomeFor(token: string): FlushOutcome | undefined {
  return outcomes.get(token);
}

/** Test hook: forget the in-memory copy so the next read comes from storage. */
export function resetQueueCache(): void {
  cached = null;
  outcomes.clear();
}
