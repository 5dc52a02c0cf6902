// The outermost layout of every route: scroll restoration, the routed screen, the toast region
// (error toasts end with their screen) and the kiosk's idle reset on every screen it covers.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { dismissErrorToasts, Toaster } from '@/components/ui/toast.ts';
import { idleResetCovers } from './kiosk-device.ts';
import { ScrollToTop } from './ScrollToTop.tsx';

// The idle reset (its dialog, supabase-js, the query client it clears) loads only on a screen it
// covers: never for `/` on a visitor's own device.
const KioskIdle = lazy(async () => {
  const [{ KioskIdle: Idle }, { WithQueries }] = await Promise.all([
    import('@/app/layouts/KioskIdle.tsx'),
    import('./query-provider.tsx'),
  ]);
  return {
    default: () => (
      <WithQueries>
        <Idle />
      </WithQueries>
    ),
  };
});

export function RootLayout() {
  const { pathname } = useLocation();
  // A screen's error toast must not cover the next screen.
  useEffect(() => dismissErrorToasts(), [pathname]);
  return (
    <>
      <ScrollToTop />
      {/* A screen's chunk loading: the first load shows index.html's background, a navigation
          keeps the previous screen (router updates are transitions). */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toaster />
      {idleResetCovers(pathname) ? (
        <Suspense fallback={null}>
          <KioskIdle />
        </Suspense>
      ) : null}
    </>
  );
}
