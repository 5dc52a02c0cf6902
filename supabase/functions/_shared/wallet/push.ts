// The wallet outbox's drain, like the texts' (hooks/texts.ts): claims due rows
// of private.wallet_pushes (skip locked), sends each and records the outcome, so a push is
// retried while APNs or Google is down and none is lost or sent twice by two drains.
// Apple: an empty push over HTTP/2 to APNs with a token-based (.p8, ES256) JWT.
// Google: a PATCH of the member's loyalty object, with an OAuth token from the service-account
// key (JWT bearer grant). Base URLs are settings so tests point them at fakes on 127.0.0.1.
import { importPKCS8, SignJWT } from 'jose';
import type { Db } from '../db.ts';
import type { WalletCard } from './apple-pass.ts';
import { loyaltyObject, objectId, type GoogleWalletConfig } from './google-wallet.ts';

export interface ApnsConfig {
  teamId: string;
  keyId: string;
  /** The .p8 key (PEM). */
  key: string;
  /** The pass type id: the push's apns-topic. */
  topic: string;
  /** https://api.push.apple.com (default). */
  baseUrl: string;
}

export interface GoogleApiConfig extends GoogleWalletConfig {
  /** https://walletobjects.googleapis.com (default). */
  apiBaseUrl: string;
  /** https://oauth2.googleapis.com/token (default). */
  tokenUrl: string;
}

export class PushRefused extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}

interface Claimed {
  id: number;
  kind: 'apple' | 'google';
  pushToken: string;
  card: WalletCard;
}

export async function apnsJwt(config: ApnsConfig): Promise<string> {
  const key = await importPKCS8(config.key, 'ES256');
  return new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: config.keyId }).setIssuer(config.teamId).setIssuedAt().sign(key);
}

export async function sendApplePush(config: ApnsConfig, pushToken: string, fetcher: typeof fetch = fetch) {
  const response = await fetcher(`${config.baseUrl}/3/device/${encodeURIComponent(pushToken)}`, {
    method: 'POST',
    headers: { authorization: `bearer ${await apnsJwt(config)}`, 'apns-topic': config.topic, 'apns-push-type': 'background', 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.ok) return;
  // 410 Unregistered / 400 BadDeviceToken: the device is gone; anything else is tried again.
  const text = (await response.text()).slice(0, 200);
  throw new PushRefused(`APNs ${response.status} ${text}`, response.status === 410 || (response.status === 400 && text.includes('BadDeviceToken')));
}

export async function googleAccessToken(config: GoogleApiConfig, fetcher: typeof fetch = fetch): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'RS256');
  const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/wallet_object.issuer' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  const response = await fetcher(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  if (!response.ok) throw new PushRefused(`Google token ${response.status}`, false);
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new PushRefused('Google token: no access_token', false);
  return body.access_token;
}

export async function patchGoogleObject(config: GoogleApiConfig, card: WalletCard, accessToken: string, fetcher: typeof fetch = fetch) {
  const object = loyaltyObject(config, card);
  const response = await fetcher(`${config.apiBaseUrl}/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId(config, card))}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ loyaltyPoints: object.loyaltyPoints, textModulesData: object.textModulesData, barcode: object.barcode, accountName: object.accountName }),
  });
  if (response.ok) return;
  // 404: the member never saved it to Google Wallet; nothing to update.
  throw new PushRefused(`Google ${response.status}`, response.status === 404);
}

export interface WalletPushDeps {
  db: Db;
  apns?: ApnsConfig;
  google?: GoogleApiConfig;
  fetcher?: typeof fetch;
}

/** Sends what is due: how many were claimed, sent and not sent. */
export async function drainWalletPushes(deps: WalletPushDeps, now?: Date) {
  const totals = { claimed: 0, sent: 0, failed: 0 };
  const at = now ? { p_now: now.toISOString() } : {};
  const batch = (await deps.db.callAsService('app.wallet_pushes_claim', { p_limit: 100, ...at })) as Claimed[];
  totals.claimed = batch.length;
  let googleToken: string | undefined;
  for (const push of batch) {
    try {
      if (push.kind === 'apple') {
        if (!deps.apns) throw new PushRefused('Apple Wallet pushes are not configured', false);
        await sendApplePush(deps.apns, push.pushToken, deps.fetcher);
      } else {
        if (!deps.google) throw new PushRefused('Google Wallet is not configured', false);
        googleToken ??= await googleAccessToken(deps.google, deps.fetcher);
        await patchGoogleObject(deps.google, push.card, googleToken, deps.fetcher);
      }
      await deps.db.callAsService('app.wallet_push_sent', { p_id: push.id, ...at });
      totals.sent += 1;
    } catch (error) {
      const permanent = error instanceof PushRefused && error.permanent;
      await deps.db.callAsService('app.wallet_push_failed', {
        p_id: push.id, p_error: error instanceof Error ? error.message : String(error), p_permanent: permanent, ...at,
      });
      totals.failed += 1;
    }
  }
  return totals;
}
