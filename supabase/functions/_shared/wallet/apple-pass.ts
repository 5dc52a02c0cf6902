// The member's Apple Wallet store card: a signed .pkpass built with
// passkit-generator (npm:passkit-generator under Deno), from the card SQL describes
// (private.wallet_card_json). The operator's certificates are secrets (docs/WALLET.md).
import { Buffer } from 'node:buffer';
import { PKPass } from 'passkit-generator';

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM: the Pass Type ID certificate, its private key, Apple's WWDR certificate. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** The web service's base URL (…/api/wallet/apple); Apple appends /v1/…. */
  webServiceUrl: string;
}

export interface WalletCard {
  customerId: string;
  serial: string;
  authToken: string;
  name: string;
  points: number;
  tier: { name: string; minPoints: number } | null;
  nextGoal: { target: number; label: string; pointsNeeded: number } | null;
  visited: number;
  businesses: number;
  rewardsWaiting: number;
  qr: string;
  updateTag: number;
  updatedAt: string;
}

export const PROGRAMME = {
  name: 'Village Rewards',
  // The app's forest / cream palette (src/index.css).
  background: 'rgb(31, 77, 58)',
  foreground: 'rgb(255, 253, 247)',
  label: 'rgb(243, 231, 201)',
};

/** A 29×29 plain icon (Apple requires icon.png); an operator may replace it with their logo. */
const ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAB0AAAAdCAYAAABWk2cPAAAARUlEQVR4AcXBAQEAIAyAMKSIPexg/zi+hWxr3/P4TAISkIAEJCABCUhAAhKQgAQkIAEJSEACEpCABCQgAQlIQAISkIAEBlV5Ad/UY/cZAAAAAElFTkSuQmCC',
  'base64',
);

export function nextGoalText(card: WalletCard): string {
  if (!card.nextGoal) return '';
  return card.nextGoal.pointsNeeded > 0
    ? `${card.nextGoal.pointsNeeded} points to ${card.nextGoal.label}`
    : `${card.nextGoal.label} reached`;
}

/** pass.json's fields for a card (also what the pass preview renders). */
export function passJson(card: WalletCard, config: Pick<AppleWalletConfig, 'passTypeId' | 'teamId' | 'webServiceUrl'>) {
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: card.serial,
    authenticationToken: card.authToken,
    webServiceURL: config.webServiceUrl,
    organizationName: PROGRAMME.name,
    description: `${PROGRAMME.name} member card`,
    logoText: PROGRAMME.name,
    backgroundColor: PROGRAMME.background,
    foregroundColor: PROGRAMME.foreground,
    labelColor: PROGRAMME.label,
    barcodes: [{ format: 'PKBarcodeFormatQR', message: card.qr, messageEncoding: 'iso-8859-1', altText: 'Member card' }],
    storeCard: {
      primaryFields: [{ key: 'points', label: 'POINTS', value: card.points, changeMessage: 'You have %@ points' }],
      secondaryFields: [
        { key: 'name', label: 'MEMBER', value: card.name },
        { key: 'tier', label: 'TIER', value: card.tier?.name ?? '', changeMessage: 'You reached %@' },
      ],
      auxiliaryFields: [
        { key: 'visited', label: 'BUSINESSES VISITED', value: `${card.visited} of ${card.businesses}` },
        { key: 'goal', label: 'NEXT GOAL', value: nextGoalText(card) },
      ],
      backFields: [
        { key: 'rewards', label: 'Rewards waiting', value: String(card.rewardsWaiting), changeMessage: 'Rewards waiting: %@' },
        { key: 'how', label: 'How it works', value: 'Show this card at any member business to collect points.' },
      ],
    },
  };
}

/** The signed .pkpass archive of a card. */
export async function buildPkpass(card: WalletCard, config: AppleWalletConfig): Promise<Uint8Array> {
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson(card, config))),
      'icon.png': ICON_PNG,
      'icon@2x.png': ICON_PNG,
      'logo.png': ICON_PNG,
    },
    {
      wwdr: config.wwdr,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      signerKeyPassphrase: config.signerKeyPassphrase,
    },
  );
  return new Uint8Array(pass.getAsBuffer());
}
