// The signed-in member's own wallet card: the signed .pkpass for Apple Wallet, and the
// "Save to Google Wallet" link. Each makes the member's card on first use (app.my_wallet_card)
// and signs something, so both are limited per member.
import { routes } from '../../contract.ts';
import { endpoint, type Limit } from '../../endpoint.ts';
import { ApiError } from '../../errors.ts';
import type { AppleWalletConfig, WalletCard } from '../../wallet/apple-pass.ts';
import { saveLink } from '../../wallet/google-wallet.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

const MEMBERS = ['member', 'staff', 'owner', 'admin'] as const;
const NO_ACCOUNT = 'No account found for this sign-in.';

const perMember: Limit<object> = {
  rule: 'walletPerMember', bucket: 'wallet:member',
  key: ({ caller }) => caller.userId, text: 'wallet cards per member',
};

const notConfigured = (provider: string) =>
  new ApiError(404, 'not_found', `${provider} is not set up for this programme`);

/**
 * The Last-Modified of a pass served now. HTTP dates have whole seconds, and a device that asks
 * with If-Modified-Since must never get a 304 for a change it has not seen: so the date is a second
 * no later than now (a later change is after it) and no later than the second after the card's
 * last change, and the pass is unchanged only when that change is before the date asked about.
 */
export function passLastModified(card: WalletCard, now = Date.now()): number {
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  return Math.min(second(now), second(Date.parse(card.updatedAt)) + 1000);
}

/** The card has not changed since `ifModifiedSince` (an HTTP date, or nothing). */
export function passUnchangedSince(card: WalletCard, ifModifiedSince: string | undefined): boolean {
  const since = Date.parse(ifModifiedSince ?? '');
  return Number.isFinite(since) && Date.parse(card.updatedAt) < since;
}

/** The .pkpass as a download, with its Last-Modified (passLastModified). */
export async function pkpassResponse(card: WalletCard, pass: AppleWalletConfig) {
  // passkit-generator (and node-forge under it) loads only when a pass is made, not at every cold start.
  const { buildPkpass } = await import('../../wallet/apple-pass.ts');
  const archive = await buildPkpass(card, pass);
  return new Response(new Uint8Array(archive), {
    status: 200,
    headers: {
      'content-type': 'application/vnd.apple.pkpass',
      'content-disposition': 'attachment; filename="village-rewards.pkpass"',
      'last-modified': new Date(passLastModified(card)).toUTCString(),
      'cache-control': 'no-store',
    },
  });
}

export const applePass = endpoint({
  ...routes.walletApplePass, tag: 'Wallet', roles: MEMBERS,
  summary: 'Your card for Apple Wallet (a signed .pkpass)',
  description:
    'The programme\'s store card with your name, points, tier, businesses visited, next goal and your member QR ' +
    '(`customer:{id}`, the same as /account shows). The pass registers with the web service under ' +
    '/api/wallet/apple/v1 and updates itself when your points, tier or rewards change. 404 when the operator ' +
    'has not set up Apple Wallet (GET /api/wallet/config says so first).',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.',
    404: `Apple Wallet is not set up. Or: ${NO_ACCOUNT}`, 429: 'Too many wallet cards asked for.',
  },
  limits: [perMember],
  async handler({ call, config }) {
    const apple = config.wallet.apple;
    if (!apple) throw notConfigured('Apple Wallet');
    const card = (await call('app.my_wallet_card', { p_google: false })) as WalletCard;
    return pkpassResponse(card, apple.pass);
  },
});

export const googleLink = endpoint({
  ...routes.walletGoogleLink, tag: 'Wallet', roles: MEMBERS,
  summary: 'Your "Save to Google Wallet" link',
  description:
    'A link to pay.google.com carrying a JWT signed with the operator\'s service-account key: the programme\'s ' +
    'loyalty class and your loyalty object (same fields and QR as the Apple pass). From then on your object is ' +
    'updated (PATCH) whenever your points change. 404 when the operator has not set up Google Wallet.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.',
    404: `Google Wallet is not set up. Or: ${NO_ACCOUNT}`, 429: 'Too many wallet cards asked for.',
  },
  limits: [perMember],
  async handler({ call, config }) {
    const google = config.wallet.google;
    if (!google) throw notConfigured('Google Wallet');
    const card = (await call('app.my_wallet_card', { p_google: true })) as WalletCard;
    return { url: await saveLink(google, card) };
  },
});
