// The API contract: zod schemas for every request and response, shared by the api function and
// the React app (imported there as `@contract`). Field names follow docs/PRODUCT.md §3 and §7.
export * from './contract/common.ts';
export * from './contract/locations.ts';
export * from './contract/kiosk.ts';
export * from './contract/customers.ts';
export * from './contract/visits.ts';
export * from './contract/auth.ts';
export * from './contract/account.ts';
export * from './contract/admin.ts';
export * from './contract/demo.ts';
export * from './contract/admin-customer.ts';
export * from './contract/admin-programme.ts';
export * from './contract/admin-catalogue.ts';
export * from './contract/admin-series.ts';
export * from './contract/admin-exports.ts';
export * from './contract/coalition.ts';
export * from './contract/campaigns.ts';
export * from './contract/programme-settings.ts';
export * from './contract/people.ts';
export * from './contract/member-records.ts';
export * from './contract/cards.ts';
export type { Endpoint, HookRoute, Route } from './contract/route.ts';
// The endpoints' wire shapes (contract/routes.ts), one namespace: `routes.me`, `routes.adminCustomers`…
export * as routes from './contract/routes.ts';
export * from './contract/wallet.ts';
export * from './contract/draws.ts';
export * from './contract/funder-report.ts';
export * from './contract/nudges.ts';
export * from './contract/referrals.ts';
