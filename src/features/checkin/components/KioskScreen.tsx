// The frame of every kiosk screen: big type for standing users, targets of at least 64 px, the
// large-text, high-contrast switch (index.css: html.kiosk-ui, html.kiosk-large), the network
// notice and the queued approvals' sender. The idle reset is the app's (RootLayout → KioskIdle): it covers every screen
// a kiosk can reach, not only these.
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  KioskDisplayToggle,
  useLargeText,
} from '@/features/checkin/components/KioskDisplayToggle.tsx';
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
  /** 'top' keeps the first thing on the screen where it is while what is below it grows (the
   * landing: a centred column moved its header when the buttons replaced the loading line). */
  align?: 'center' | 'top';
}) {
  usePageTitle(props.title);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const queued = useSyncExternalStore(subscribeQueue, () => readQueue().length);
  useApprovalQueue();
  const large = useLargeText();
  // On <html>, so the dialogs and toasts a kiosk screen opens (portals) follow it too.
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('kiosk-ui');
    root.classList.toggle('kiosk-large', large);
    return () => root.classList.remove('kiosk-ui', 'kiosk-large');
  }, [large]);
  return (
    <main
      className={cn(
        'relative flex min-h-dvh flex-col items-center bg-cream-50 px-6 pt-28 pb-10 text-lg text-bark-900 sm:px-10',
        props.align === 'top' ? 'justify-start' : 'justify-center',
        props.className,
      )}
    >
      <div className="absolute top-4 right-4 sm:top-6 sm:right-6">
        <KioskDisplayToggle />
      </div>
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
