// The frame of every kiosk screen: big type for standing users, the network notice and the queued
// approvals' sender. The idle reset is the app's (RootLayout → KioskIdle): it covers every screen
// a kiosk can reach, not only these.
import { useSyncExternalStore, type ReactNode } from 'react';
import { useApprovalQueue } from '@/features/checkin/hooks/use-approval-queue.ts';
import { readQueue, subscribeQueue } from '@/features/checkin/lib/approval-queue.ts';
import { cn } from '@/lib/cn.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function KioskScreen(props: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  usePageTitle(props.title);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const queued = useSyncExternalStore(subscribeQueue, () => readQueue().length);
  useApprovalQueue();
  return (
    <main
      className={cn(
        'flex min-h-dvh flex-col items-center justify-center bg-cream-50 px-6 py-10 text-lg text-bark-900 sm:px-10',
        props.className,
      )}
    >
      {!online ? (
        <p
          role="alert"
          className="mb-6 w-full max-w-3xl rounded-2xl border-2 border-red-700 bg-red-50 px-6 py-4 text-center text-xl font-semibold text-red-900"
        >
          No internet connection. Please wait a moment — we'll keep trying.
        </p>
      ) : null}
      {queued > 0 ? (
        <p
          role="status"
          className="mb-6 w-full max-w-3xl rounded-2xl border-2 border-honey-500 bg-cream-100 px-6 py-4 text-center text-xl font-semibold"
        >
          {queued === 1 ? '1 visit approval is' : `${queued} visit approvals are`} waiting to be
          sent. It will be sent automatically when the connection returns.
        </p>
      ) : null}
      {props.children}
    </main>
  );
}
