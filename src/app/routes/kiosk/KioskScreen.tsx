// The frame of every kiosk screen: big type for standing users, the network notice, the queued
// approvals' sender, and the idle reset that returns to this kiosk's landing screen (its
// business's landing when one is stored, else /kiosk) and forgets the previous visitor.
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useApprovalQueue } from '@/features/checkin/hooks/use-approval-queue.ts';
import { readQueue, subscribeQueue } from '@/features/checkin/lib/approval-queue.ts';
import { idleTimings } from '@/features/checkin/lib/kiosk-timings.ts';
import { LOCATION_IDS } from '@/features/locations/location-ids.ts';
import { cn } from '@/lib/cn.ts';
import { clearVisitor, readSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

// The dialog (Radix) loads with the first screen that needs it, not with the landing screens.
const IdleReset = lazy(async () => ({
  default: (await import('@/features/checkin/components/IdleReset.tsx')).IdleReset,
}));

export function kioskLandingPath(): string {
  const stored = readSession(SESSION_KEYS.locationId);
  return stored && (LOCATION_IDS as readonly string[]).includes(stored) ? `/${stored}` : '/kiosk';
}

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
  /** The landing screens have no visitor to forget: no idle reset there. */
  idleReset?: boolean;
  className?: string;
}) {
  usePageTitle(props.title);
  const navigate = useNavigate();
  const [timings] = useState(() => idleTimings());
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
      {props.idleReset === false ? null : (
        <Suspense fallback={null}>
          <IdleReset
            timings={timings}
            onReset={() => {
              clearVisitor();
              void navigate(kioskLandingPath(), { replace: true });
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
