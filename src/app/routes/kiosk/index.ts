// The kiosk flow screens, one lazy chunk: a counter tablet never downloads the admin or the
// public site. The landing screens are ./landing.ts (kept light for the first load).
export { KioskSignupPage } from './signup.tsx';
export { KioskWelcomePage } from './welcome.tsx';
export { KioskCheckinPage } from './checkin.tsx';
export { KioskMemberQrPage } from './member-qr.tsx';
