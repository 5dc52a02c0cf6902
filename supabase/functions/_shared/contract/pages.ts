// The paths of the site's pages: the route table (src/app/router.tsx) is built from them, and a
// business's slug (its landing /:slug) may not take their first segment (slugs.ts), so a new page
// can never be shadowed by a business, nor a business by a new page. No imports: the router's
// first chunk reads it.
export const PAGES = {
  home: '/',
  howItWorks: '/how-it-works',
  privacy: '/privacy',
  businesses: '/businesses',
  join: '/join',
  contact: '/contact',
  businessJoin: '/business/:locationId/join',
  kiosk: '/kiosk',
  kioskHome: '/kiosk-home',
  kioskSignup: '/kiosk/signup',
  kioskWelcome: '/kiosk/welcome',
  kioskCheckin: '/kiosk/checkin',
  kioskMemberQr: '/kiosk/member-qr',
  /** Every business's kiosk landing, from data: /creamery, /a-new-shop, ... */
  businessLanding: '/:slug',
  login: '/login',
  loginVerify: '/login/verify',
  checkin: '/checkin',
  account: '/account',
  accountQr: '/account/qr',
  accountCard: '/account/card',
  accountHistory: '/account/history',
  goodbye: '/goodbye',
  mobile: '/mobile',
  mobileOtp: '/mobile/otp',
  mobileQr: '/mobile/qr',
  mobileWallet: '/mobile/wallet',
  admin: '/admin',
  owner: '/owner',
  adminReport: '/admin/report',
  adminCard: '/admin/card',
  adminFunderReport: '/admin/funder-report',
  /** The monthly prize draws, past and coming, with what anyone needs to verify them. */
  draws: '/draws',
  staff: '/staff',
} as const;

/** The first segment of a path, when it is a fixed word ('' for '/' and for a :parameter). */
export function staticFirstSegment(path: string): string {
  const first = path.split('/').find((part) => part !== '') ?? '';
  return first.startsWith(':') || first === '*' ? '' : first;
}
