// The outermost layout of every route: scroll restoration, the routed screen and the toast region.
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toast.ts';
import { ScrollToTop } from './ScrollToTop.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <Toaster />
    </>
  );
}
