// The printable member card screens, their own lazy chunk: the card (its QR drawing and print
// sheet) loads only where a card is printed, not with the account or the admin dashboard.
export { AccountCardPage } from './account-card.tsx';
export { AdminMemberCardPage } from './admin-card.tsx';
