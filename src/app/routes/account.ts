// The signed-in member's account and history, their own lazy chunk: `/account` paints without the
// QR code, the sign-in forms and the mobile flow (./member.ts), which load when visited.
export { AccountPage } from './account/index.tsx';
export { AccountHistoryPage } from './account/history.tsx';
export { GoodbyePage } from './account/goodbye.tsx';
