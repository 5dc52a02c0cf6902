// The route table of PRODUCT §2, in one place, built from the paths of contract/pages.ts (which
// business slugs may not shadow). Every screen is lazy-loaded by group (public — split in
// its static pages and its API-backed join/contact pages so `/` stays light —, kiosk landings,
// kiosk flow, member = mobile/sign-in/account QR, account, admin, staff): the kiosk never downloads
// the admin. Public pages share the public layout; the others stand alone.
import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PAGES } from '../../supabase/functions/_shared/contract/pages.ts';
import { retryingScreen } from '@/components/ui/LoadFailed.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

const publicScreens = () => import('./routes/public/index.ts');
const guideScreens = () => import('./routes/public/guide.ts');
const joinScreens = () => import('./routes/public/join-screens.ts');
const kioskLandings = () => import('./routes/kiosk/landing.ts');
const kioskScreens = () => import('./routes/kiosk/index.ts');
const memberScreens = () => import('./routes/member.ts');
const accountScreens = () => import('./routes/account.ts');
const adminScreens = () => import('./routes/admin/index.ts');
const cardScreens = () => import('./routes/cards/index.ts');
const ownerScreens = () => import('./routes/owner/index.ts');
const staffScreens = () => import('./routes/staff/index.ts');

/**
 * A route's `lazy`: load the group's chunk, then take one screen from it, inside the app's
 * QueryClient (query-provider.tsx, loaded beside the chunk) unless `queries: false` (the public
 * home and How It Works read their data without TanStack Query, public-query.ts). A chunk that
 * cannot be fetched (server down, a deploy while the tab was open) shows "This screen could not
 * load." with Retry, which imports it again.
 */
export function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options: { queries?: boolean } = {},
) {
  const loadScreen = async (): Promise<ComponentType> => {
    const [module, provider] = await Promise.all([
      load(),
      options.queries === false ? null : import('./query-provider.tsx'),
    ]);
    const Screen = pick(module);
    if (!provider) return Screen;
    const { WithQueries } = provider;
    const Provided = () => (
      <WithQueries>
        <Screen />
      </WithQueries>
    );
    return Object.assign(Provided, { screen: Screen });
  };
  return async () => {
    try {
      return { Component: await loadScreen() };
    } catch {
      return { Component: retryingScreen(loadScreen) };
    }
  };
}

/**
 * What the first paint shows while the visited screen's chunk loads: nothing (index.html's own
 * background). Declared so react-router does not warn on every load that none was given.
 */
function HydrateFallback() {
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: PAGES.home, lazy: screen(publicScreens, (m) => m.HomePage, { queries: false }) },
          {
            path: PAGES.howItWorks,
            lazy: screen(guideScreens, (m) => m.HowItWorksPage, { queries: false }),
          },
          { path: PAGES.privacy, lazy: screen(joinScreens, (m) => m.PrivacyPage) },
          { path: PAGES.businesses, lazy: screen(joinScreens, (m) => m.BusinessesPage) },
          { path: PAGES.join, lazy: screen(joinScreens, (m) => m.JoinPage) },
          { path: PAGES.contact, lazy: screen(joinScreens, (m) => m.ContactPage) },
          { path: PAGES.draws, lazy: screen(joinScreens, (m) => m.DrawsPage) },
          {
            path: PAGES.businessJoin,
            lazy: screen(joinScreens, (m) => m.BusinessJoinPage),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: PAGES.kiosk, lazy: screen(kioskLandings, (m) => m.KioskHomePage) },
      { path: PAGES.kioskHome, lazy: screen(kioskLandings, (m) => m.KioskHomePage) },
      { path: PAGES.kioskSignup, lazy: screen(kioskScreens, (m) => m.KioskSignupPage) },
      { path: PAGES.kioskWelcome, lazy: screen(kioskScreens, (m) => m.KioskWelcomePage) },
      { path: PAGES.kioskCheckin, lazy: screen(kioskScreens, (m) => m.KioskCheckinPage) },
      { path: PAGES.kioskMemberQr, lazy: screen(kioskScreens, (m) => m.KioskMemberQrPage) },
      // Every business's kiosk landing, from data: /creamery, /a-new-shop, ... An
      // unknown or archived slug shows the not-found page. Static paths rank above this one.
      { path: PAGES.businessLanding, lazy: screen(kioskLandings, (m) => m.BusinessKioskLandingPage) },
      { path: PAGES.login, lazy: screen(memberScreens, (m) => m.LoginPage) },
      { path: PAGES.loginVerify, lazy: screen(memberScreens, (m) => m.LoginVerifyPage) },
      { path: PAGES.checkin, lazy: screen(memberScreens, (m) => m.LoginPage) },
      { path: PAGES.account, lazy: screen(accountScreens, (m) => m.AccountPage) },
      { path: PAGES.accountQr, lazy: screen(memberScreens, (m) => m.AccountQrPage) },
      { path: PAGES.accountCard, lazy: screen(cardScreens, (m) => m.AccountCardPage) },
      { path: PAGES.accountHistory, lazy: screen(accountScreens, (m) => m.AccountHistoryPage) },
      { path: PAGES.goodbye, lazy: screen(accountScreens, (m) => m.GoodbyePage) },
      { path: PAGES.mobile, lazy: screen(memberScreens, (m) => m.MobileLoginPage) },
      { path: PAGES.mobileOtp, lazy: screen(memberScreens, (m) => m.MobileOtpPage) },
      { path: PAGES.mobileQr, lazy: screen(memberScreens, (m) => m.MobileQrPage) },
      { path: PAGES.mobileWallet, lazy: screen(memberScreens, (m) => m.MobileWalletPage) },
      { path: PAGES.admin, lazy: screen(adminScreens, (m) => m.AdminDashboardPage) },
      { path: PAGES.owner, lazy: screen(ownerScreens, (m) => m.OwnerDashboardPage) },
      { path: PAGES.adminReport, lazy: screen(adminScreens, (m) => m.AdminBusinessReportPage) },
      { path: PAGES.adminCard, lazy: screen(cardScreens, (m) => m.AdminMemberCardPage) },
      { path: PAGES.adminFunderReport, lazy: screen(adminScreens, (m) => m.AdminFunderReportPage) },
      { path: PAGES.staff, lazy: screen(staffScreens, (m) => m.StaffCounterPage) },
    ],
  },
];

/**
 * `routes` for the declarative router the app runs in (`<BrowserRouter>` in main.tsx): each lazy
 * route becomes an element that loads its screen with React.lazy (RootLayout's Suspense holds the
 * previous screen while a navigation's chunk loads). The data router (createBrowserRouter) weighs
 * 19 KB more gzipped in the first load of every page, for loaders and actions the app does not use.
 */
function asElements(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy: load, HydrateFallback: _fallback, children, ...rest } = route;
    const converted = { ...rest } as RouteObject;
    if (children) converted.children = asElements(children);
    if (typeof load === 'function') {
      const Screen = lazy(async () => {
        const { Component } = (await (load as () => Promise<{ Component: ComponentType }>)());
        return { default: Component };
      });
      converted.element = <Screen />;
    }
    return converted;
  });
}

const elementRoutes = asElements(routes);

/** The app's routes, rendered inside a `<BrowserRouter>`. */
export function AppRoutes() {
  return useRoutes(elementRoutes);
}
