// What a kiosk landing shows while its session opens: a plain "getting ready", or — when the
// service cannot be reached — what is wrong, when it tries again, and a button to try now.
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button.tsx';
import { Spinner } from '@/components/ui/Spinner.tsx';
import { kioskRetryDelay } from '@/features/checkin/hooks/use-kiosk-session.ts';
import { userMessage } from '@/lib/api-client.ts';

export function KioskStatus(props: { query: UseQueryResult<unknown> }) {
  const { failureCount, failureReason, fetchStatus } = props.query;
  if (failureCount === 0) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 text-xl text-bark-700">
        <Spinner /> Getting the kiosk ready…
      </p>
    );
  }
  const waitSeconds = Math.round(kioskRetryDelay(failureCount) / 1000);
  return (
    <div
      role="alert"
      className="w-full max-w-2xl rounded-2xl border-2 border-red-700 bg-red-50 p-6 text-center text-red-900"
    >
      <p className="text-2xl font-bold">We can't reach the rewards service right now.</p>
      <p className="mt-2 text-lg">
        {fetchStatus === 'paused'
          ? 'This kiosk is offline. It will try again as soon as the connection returns.'
          : `Trying again in about ${waitSeconds} seconds (attempt ${failureCount + 1}).`}
      </p>
      <p className="mt-1 text-base">{userMessage(failureReason)}</p>
      <Button size="lg" className="mt-4" onClick={() => void props.query.refetch()}>
        Try again now
      </Button>
    </div>
  );
}
