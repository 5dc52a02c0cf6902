// The route table of SPEC §2, in one place. Every screen is lazy-loaded by group (public — split in
// its static pages and its API-backed join/contact pages so `/` stays light —, kiosk landings,
// kiosk flow, member = mobile/sign-in/account QR, account, admin, staff): the kiosk never downloads
// the admin. Public pages share the public layout; the others stand alone.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

const publicScreens = () => import('./routes/public/index.ts');
const joinScreens = () => import('./routes/public/join-screens.ts');
const kioskLandings = () => import('./routes/kiosk/landing.ts');
const kioskScreens = () => import('./routes/kiosk/index.ts');
const memberScreens = () => import('./routes/member.ts');
const accountScreens = () => import('./routes/account.ts');
const adminScreens = () => import('./routes/admin/index.ts');
const ownerScreens = () => import('./routes/owner/index.ts');
const staffScreens = () => import('./routes/staff/index.ts');

/** A route's `lazy`: load the group's chunk, then take one screen from it. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
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
          { path: '/', lazy: screen(publicScreens, (m) => m.HomePage) },
          { path: '/how-it-works', lazy: screen(publicScreens, (m) => m.HowItWorksPage) },
          { path: '/privacy', lazy: screen(joinScreens, (m) => m.PrivacyPage) },
          { path: '/businesses', lazy: screen(joinScreens, (m) => m.BusinessesPage) },
          { path: '/join', lazy: screen(joinScreens, (m) => m.JoinPage) },
          { path: '/contact', lazy: screen(joinScreens, (m) => m.ContactPage) },
          {
            path: '/business/:locationId/join',
            lazy: screen(joinScreens, (m) => m.BusinessJoinPage),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/kiosk', lazy: screen(kioskLandings, (m) => m.KioskHomePage) },
      { path: '/kiosk-home', lazy: screen(kioskLandings, (m) => m.KioskHomePage) },
      { path: '/kiosk/signup', lazy: screen(kioskScreens, (m) => m.KioskSignupPage) },
      { path: '/kiosk/welcome', lazy: screen(kioskScreens, (m) => m.KioskWelcomePage) },
      { path: '/kiosk/checkin', lazy: screen(kioskScreens, (m) => m.KioskCheckinPage) },
      { path: '/kiosk/member-qr', lazy: screen(kioskScreens, (m) => m.KioskMemberQrPage) },
      // Every business's kiosk landing, from data (issue 21 §1): /creamery, /a-new-shop, ... An
      // unknown or archived slug shows the not-found page. Static paths rank above this one.
      { path: '/:slug', lazy: screen(kioskLandings, (m) => m.BusinessKioskLandingPage) },
      { path: '/login', lazy: screen(memberScreens, (m) => m.LoginPage) },
      { path: '/login/verify', lazy: screen(memberScreens, (m) => m.LoginVerifyPage) },
      { path: '/checkin', lazy: screen(memberScreens, (m) => m.LoginPage) },
      { path: '/account', lazy: screen(accountScreens, (m) => m.AccountPage) },
      { path: '/account/qr', lazy: screen(memberScreens, (m) => m.AccountQrPage) },
      { path: '/account/history', lazy: screen(accountScreens, (m) => m.AccountHistoryPage) },
      { path: '/mobile', lazy: screen(memberScreens, (m) => m.MobileLoginPage) },
      { path: '/mobile/otp', lazy: screen(memberScreens, (m) => m.MobileOtpPage) },
      { path: '/mobile/qr', lazy: screen(memberScreens, (m) => m.MobileQrPage) },
      { path: '/mobile/wallet', lazy: screen(memberScreens, (m) => m.MobileWalletPage) },
      { path: '/admin', lazy: screen(adminScreens, (m) => m.AdminDashboardPage) },
      { path: '/owner', lazy: screen(ownerScreens, (m) => m.OwnerDashboardPage) },
      { path: '/admin/report', lazy: screen(adminScreens, (m) => m.AdminBusinessReportPage) },
      { path: '/staff', lazy: screen(staffScreens, (m) => m.StaffCounterPage) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
