// The public screens that talk to the API (businesses, the join pages, contact) and the privacy
// page the join forms link to: the public site's second lazy chunk, with the contract's schemas
// and the form library (`/` stays light).
export { BusinessesPage } from './businesses.tsx';
export { JoinPage } from './join.tsx';
export { ContactPage } from './contact.tsx';
export { BusinessJoinPage } from './business-join.tsx';
export { PrivacyPage } from './privacy.tsx';
export { DrawsPage } from './draws.tsx';
