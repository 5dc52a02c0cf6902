// The route table of SPEC §2, in one place. Public pages share the public layout; kiosk,
// mobile, sign-in, account and admin screens stand alone.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountHistoryPage } from '@/features/account/pages/AccountHistoryPage.tsx';
import { AccountPage } from '@/features/account/pages/AccountPage.tsx';
import { AccountQrPage } from '@/features/account/pages/AccountQrPage.tsx';
import { AdminDashboardPage } from '@/features/admin/pages/AdminDashboardPage.tsx';
import { LoginPage } from '@/features/auth/pages/LoginPage.tsx';
import { LoginVerifyPage } from '@/features/auth/pages/LoginVerifyPage.tsx';
import { BusinessJoinPage } from '@/features/join/pages/BusinessJoinPage.tsx';
import { BUSINESS_IDS } from '@/features/kiosk/business-ids.ts';
import { BusinessKioskLandingPage } from '@/features/kiosk/pages/BusinessKioskLandingPage.tsx';
import { KioskCheckinPage } from '@/features/kiosk/pages/KioskCheckinPage.tsx';
import { KioskHomePage } from '@/features/kiosk/pages/KioskHomePage.tsx';
import { KioskMemberQrPage } from '@/features/kiosk/pages/KioskMemberQrPage.tsx';
import { KioskSignupPage } from '@/features/kiosk/pages/KioskSignupPage.tsx';
import { KioskWelcomePage } from '@/features/kiosk/pages/KioskWelcomePage.tsx';
import { MobileLoginPage } from '@/features/mobile/pages/MobileLoginPage.tsx';
import { MobileOtpPage } from '@/features/mobile/pages/MobileOtpPage.tsx';
import { MobileQrPage } from '@/features/mobile/pages/MobileQrPage.tsx';
import { MobileWalletPage } from '@/features/mobile/pages/MobileWalletPage.tsx';
import { BusinessesPage } from '@/features/public/pages/BusinessesPage.tsx';
import { ContactPage } from '@/features/public/pages/ContactPage.tsx';
import { HomePage } from '@/features/public/pages/HomePage.tsx';
import { HowItWorksPage } from '@/features/public/pages/HowItWorksPage.tsx';
import { JoinPage } from '@/features/public/pages/JoinPage.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/how-it-works', element: <HowItWorksPage /> },
          { path: '/businesses', element: <BusinessesPage /> },
          { path: '/join', element: <JoinPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/business/:businessId/join', element: <BusinessJoinPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/kiosk', element: <KioskHomePage /> },
      { path: '/kiosk-home', element: <KioskHomePage /> },
      { path: '/kiosk/signup', element: <KioskSignupPage /> },
      { path: '/kiosk/welcome', element: <KioskWelcomePage /> },
      { path: '/kiosk/checkin', element: <KioskCheckinPage /> },
      { path: '/kiosk/member-qr', element: <KioskMemberQrPage /> },
      ...BUSINESS_IDS.map((id) => ({
        path: `/${id}`,
        element: <BusinessKioskLandingPage businessId={id} />,
      })),
      { path: '/login', element: <LoginPage /> },
      { path: '/login/verify', element: <LoginVerifyPage /> },
      { path: '/checkin', element: <LoginPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/account/qr', element: <AccountQrPage /> },
      { path: '/account/history', element: <AccountHistoryPage /> },
      { path: '/mobile', element: <MobileLoginPage /> },
      { path: '/mobile/otp', element: <MobileOtpPage /> },
      { path: '/mobile/qr', element: <MobileQrPage /> },
      { path: '/mobile/wallet', element: <MobileWalletPage /> },
      { path: '/admin', element: <AdminDashboardPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
