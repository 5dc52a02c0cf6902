// Which wallet providers the operator configured: the member's view (which buttons may show) and
// the admin's (which secret names each provider still needs), both read from the api's settings.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, NOT_SIGNED_IN } from '../texts.ts';

export const walletConfig = endpoint({
  ...routes.walletConfig, tag: 'Wallet', roles: EVERYONE,
  summary: 'Which wallet cards this programme offers (Apple Wallet, Google Wallet)',
  description:
    'A provider is true only when every one of its secrets is set on the function (docs/WALLET.md); the app ' +
    'shows its button only then, so a member never meets a button that fails.',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  handler: ({ config }) => ({ apple: !!config.wallet.apple, google: !!config.wallet.google }),
});

export const adminWallet = endpoint({
  ...routes.adminWallet, tag: 'Admin', roles: ['admin'],
  summary: 'Wallet cards: whether each provider is configured, and the secret names it is missing',
  description: 'Names only, never a value. /admin → Programme shows "Apple Wallet: missing APPLE_TEAM_ID, …".',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ config }) => ({
    apple: { configured: !!config.wallet.apple, missing: config.wallet.missing.apple },
    google: { configured: !!config.wallet.google, missing: config.wallet.missing.google },
  }),
});
