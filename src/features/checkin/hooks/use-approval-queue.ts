// Sends the kiosk's queued approvals: at once, whenever the browser comes back online, and every
// 15 s (an 'online' event is not always fired when only the server was unreachable).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast.ts';
import { readSession, removeSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { flushQueue, readQueue } from '../lib/approval-queue.ts';
import { approvedToast } from '../lib/approval-toast.ts';

export const QUEUE_RETRY_MS = 15_000;

export function useApprovalQueue() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = async () => {
      if (readQueue().length === 0) return;
      // Loaded only when something is queued: the landing screens stay light.
      const { approveVisit } = await import('../api/approve-visit.ts');
      const outcomes = await flushQueue((entry) =>
        approveVisit({ token: entry.token }, { idempotencyKey: entry.idempotencyKey }),
      );
      for (const outcome of outcomes) {
        if (readSession(SESSION_KEYS.pendingToken) === outcome.entry.token) {
          removeSession(SESSION_KEYS.pendingToken);
        }
        if (outcome.ok) toast(approvedToast(outcome.result));
        else
          toast({
            title: 'Error',
            description: 'Failed to approve visit. Please try again.',
            variant: 'destructive',
          });
      }
      if (outcomes.length > 0) await queryClient.invalidateQueries();
    };
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), QUEUE_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [queryClient]);
}
