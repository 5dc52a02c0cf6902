// The member's Google Wallet loyalty card: a "Save to Google Wallet" link whose
// JWT (signed with the operator's service-account key, RS256, jose) carries the programme's
// loyalty class and the member's loyalty object, the same fields and QR as the Apple pass.
import { importPKCS8, SignJWT } from 'jose';
import { nextGoalText, PROGRAMME, type WalletCard } from './apple-pass.ts';

export interface GoogleWalletConfig {
  issuerId: string;
  /** The service account's client_email and private_key (PEM, PKCS#8). */
  clientEmail: string;
  privateKey: string;
  /** The class's suffix (the id is <issuerId>.<suffix>). */
  classSuffix: string;
  /** Origins allowed to show the save button (the app's public address). */
  origins: string[];
}

export const classId = (config: GoogleWalletConfig) => `${config.issuerId}.${config.classSuffix}`;
export const objectId = (config: GoogleWalletConfig, card: WalletCard) => `${config.issuerId}.${card.customerId}`;

export function loyaltyClass(config: GoogleWalletConfig) {
  return {
    id: classId(config),
    issuerName: PROGRAMME.name,
    programName: PROGRAMME.name,
    hexBackgroundColor: '#1f4d3a',
    reviewStatus: 'UNDER_REVIEW',
  };
}

export function loyaltyObject(config: GoogleWalletConfig, card: WalletCard) {
  return {
    id: objectId(config, card),
    classId: classId(config),
    state: 'ACTIVE',
    accountId: card.customerId,
    accountName: card.name,
    loyaltyPoints: { label: 'Points', balance: { int: card.points } },
    barcode: { type: 'QR_CODE', value: card.qr, alternateText: 'Member card' },
    textModulesData: [
      { id: 'tier', header: 'Tier', body: card.tier?.name ?? '' },
      { id: 'visited', header: 'Businesses visited', body: `${card.visited} of ${card.businesses}` },
      { id: 'goal', header: 'Next goal', body: nextGoalText(card) },
    ],
  };
}

/** The https://pay.google.com/gp/v/save/<jwt> link for a member's card. */
export async function saveLink(config: GoogleWalletConfig, card: WalletCard): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT({
    origins: config.origins,
    typ: 'savetowallet',
    payload: { loyaltyClasses: [loyaltyClass(config)], loyaltyObjects: [loyaltyObject(config, card)] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
