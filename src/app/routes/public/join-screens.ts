// The public screens that talk to the API (businesses, the join pages, contact): the public site's
// second lazy chunk, with the contract's schemas and the form library.
export { BusinessesPage } from './businesses.tsx';
export { JoinPage } from './join.tsx';
export { ContactPage } from './contact.tsx';
export { BusinessJoinPage } from './business-join.tsx';
