// A kiosk screen's scan of its pending check-in token (PRODUCT §4, §5): a matching scan is approved
// through POST /api/visits/approve with a fresh Idempotency-Key; a non-matching one is refused
// with 'Invalid QR Code'. Without network the approval is queued on the device with its key and
// sent when the network returns (the screen says so); it still counts once.
import { useState, useSyncExternalStore } from 'react';
import type { ApproveVisitResponse } from '@contract';
import { toast } from '@/components/ui/toast.ts';
import { isNetworkError, userMessage } from '@/lib/api-client.ts';
import { useApproveVisit } from '../api/approve-visit.ts';
import { enqueueApproval, isQueued, outcomeFor, subscribeQueue } from '../lib/approval-queue.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';

export type ScanState =
  | { status: 'waiting' }
  | { status: 'approved'; result: ApproveVisitResponse }
  | { status: 'queued' }
  | { status: 'failed'; message: string };

export function useScanApproval(
  pendingToken: string | null,
  onApproved: (result: ApproveVisitResponse) => void,
) {
  // Offline, the attempt must fail (and be queued with its key), not wait paused in memory.
  const approve = useApproveVisit({ networkMode: 'always' });
  const [direct, setDirect] = useState<ScanState>({ status: 'waiting' });
  // A queued approval of this token, and what the API answered once the queue sent it.
  const queued = useSyncExternalStore(subscribeQueue, () =>
    pendingToken ? isQueued(pendingToken) : false,
  );
  const flushed = useSyncExternalStore(subscribeQueue, () =>
    pendingToken ? outcomeFor(pendingToken) : undefined,
  );

  const scan = (value: string) => {
    if (!pendingToken || value !== pendingToken) {
      toast({
        title: 'Invalid QR Code',
        description: "This QR code doesn't match your check-in.",
        variant: 'destructive',
      });
      return;
    }
    if (approve.isPending || queued) return;
    const idempotencyKey = newIdempotencyKey();
    approve.mutate(
      { token: pendingToken, idempotencyKey },
      {
        onSuccess: (result) => {
          setDirect({ status: 'approved', result });
          onApproved(result);
        },
        onError: (error) => {
          if (isNetworkError(error)) {
            enqueueApproval({ token: pendingToken, idempotencyKey });
            setDirect({ status: 'queued' });
            return;
          }
          setDirect({ status: 'failed', message: userMessage(error) });
          toast({
            title: 'Error',
            description: 'Failed to approve visit. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  let state: ScanState = direct;
  if (flushed?.ok) state = { status: 'approved', result: flushed.result };
  else if (flushed && !flushed.ok) state = { status: 'failed', message: flushed.message };
  else if (queued) state = { status: 'queued' };
  return { scan, state, pending: approve.isPending };
}
