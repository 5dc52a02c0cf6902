// The kiosk landing screens, their own lazy chunk: the first thing a kiosk paints stays light
// (scripts/bundle-size.ts holds it to the 150 KB budget); the flow screens are ./index.ts.
export { KioskHomePage } from './home.tsx';
export { BusinessKioskLandingPage } from './business-landing.tsx';
