// The outermost layout of every route: scroll restoration and the routed screen.
import { Outlet } from 'react-router';
import { ScrollToTop } from './ScrollToTop.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
