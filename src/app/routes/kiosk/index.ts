// The kiosk screens, one lazy chunk: a counter tablet never downloads the admin or the public site.
export { KioskHomePage } from './home.tsx';
export { KioskSignupPage } from './signup.tsx';
export { KioskWelcomePage } from './welcome.tsx';
export { KioskCheckinPage } from './checkin.tsx';
export { KioskMemberQrPage } from './member-qr.tsx';
export { BusinessKioskLandingPage } from './business-landing.tsx';
