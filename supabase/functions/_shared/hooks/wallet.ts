// Apple's pass web service and the wallet outbox's drain. Not caller endpoints (no Bearer token):
// each door has its own proof and acts as service_role, like the texts' hooks (hooks/texts.ts).
//
// Apple Wallet calls, per Apple's "Wallet Passes web service" (webServiceURL = …/api/wallet/apple):
//   POST   /v1/devices/:device/registrations/:passType/:serial   register for updates: 201 new, 200 known
//   DELETE /v1/devices/:device/registrations/:passType/:serial   unregister: 200
//   GET    /v1/devices/:device/registrations/:passType?passesUpdatedSince=tag
//                                                                the serials changed since: 200, or 204 none
//   GET    /v1/passes/:passType/:serial                          the latest pass: 200, or 304 per If-Modified-Since
//   POST   /v1/log                                               the device's error messages: 200
// A call about one pass carries `Authorization: ApplePass <authenticationToken>`, compared in
// constant time with the card's token: 401 without it or with another. Registrations are limited
// per pass (each device adds a push to every later change of the member's points).
//
// POST /api/hooks/wallet/drain: claims due pushes and sends them (wallet/push.ts). The same proof
// as the texts' drain, `x-drain-secret: <TEXTS_DRAIN_SECRET>`; pg_cron calls it every minute
// (supabase/schemas/86_wallet.sql).
import type { Context, Hono } from 'hono';
import { routes } from '../contract.ts';
import type { RateLimits } from '../config.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { mountHook } from '../mount.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { passLastModified, passUnchangedSince, pkpassResponse } from '../routes/wallet/member.ts';
import type { WalletCard } from '../wallet/apple-pass.ts';
import { drainWalletPushes } from '../wallet/push.ts';
import type { WalletSettings } from '../wallet/settings.ts';
import { sameText } from './twilio-signature.ts';

export interface WalletHookDeps {
  db: Db;
  wallet: WalletSettings;
  rateLimits: RateLimits;
  /** TEXTS_DRAIN_SECRET; none: the drain refuses every call. */
  drainSecret?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Apple's device library identifiers and push tokens: short opaque ASCII strings. */
const OPAQUE = /^[A-Za-z0-9._:-]{1,200}$/;
/** Compared with when no card has the serial, so an unknown serial takes as long as a wrong token. */
const NO_TOKEN = '0'.repeat(64);

const unauthorized = () => new ApiError(401, 'unauthorized', 'Give the pass\'s token as Authorization: ApplePass <token>');
const notFound = () => new ApiError(404, 'not_found', 'Not found');

/** The card a pass call is about, once its ApplePass token is checked. */
async function authorisedCard(deps: WalletHookDeps, c: Context): Promise<WalletCard> {
  const apple = deps.wallet.apple;
  if (!apple || c.req.param('passType') !== apple.pass.passTypeId) throw notFound();
  const offered = /^ApplePass\s+(\S{1,200})$/.exec((c.req.header('authorization') ?? '').trim())?.[1];
  const serial = c.req.param('serial') ?? '';
  if (!offered || !UUID.test(serial)) throw unauthorized();
  const card = (await deps.db.callAsService('app.wallet_card_by_serial', { p_serial: serial })) as WalletCard | null;
  const matches = sameText(offered, card?.authToken ?? NO_TOKEN);
  if (!card || !matches) throw unauthorized();
  return card;
}

function deviceId(c: Context): string {
  const id = c.req.param('device') ?? '';
  if (!OPAQUE.test(id)) throw new ApiError(400, 'invalid_input', 'Not a device library identifier');
  return id;
}

/** Adds Apple's web service (under /api/wallet/apple/v1) and the drain to `app` (basePath /api). */
export function mountWalletHooks(app: Hono<AppEnv>, deps: WalletHookDeps): void {
  const base = '/wallet/apple/v1';

  app.post(`${base}/devices/:device/registrations/:passType/:serial`, async (c) => {
    const card = await authorisedCard(deps, c);
    const device = deviceId(c);
    const body = (await c.req.json().catch(() => null)) as { pushToken?: unknown } | null;
    const pushToken = body?.pushToken;
    if (typeof pushToken !== 'string' || !OPAQUE.test(pushToken)) {
      throw new ApiError(400, 'invalid_input', 'The body is {"pushToken": "<the device\'s push token>"}');
    }
    await enforceRateLimit(deps.db, { bucket: 'wallet:devices', key: card.serial, ...deps.rateLimits.walletDevicesPerPass });
    const outcome = await deps.db.callAsService('app.wallet_register_device', {
      p_serial: card.serial, p_device_id: device, p_push_token: pushToken,
    });
    if (outcome === 'missing') throw unauthorized();
    return c.body(null, outcome === 'created' ? 201 : 200);
  });

  app.delete(`${base}/devices/:device/registrations/:passType/:serial`, async (c) => {
    const card = await authorisedCard(deps, c);
    await deps.db.callAsService('app.wallet_unregister_device', { p_serial: card.serial, p_device_id: deviceId(c) });
    return c.body(null, 200);
  });

  app.get(`${base}/devices/:device/registrations/:passType`, async (c) => {
    if (!deps.wallet.apple || c.req.param('passType') !== deps.wallet.apple.pass.passTypeId) throw notFound();
    const device = deviceId(c);
    const since = c.req.query('passesUpdatedSince');
    if (since !== undefined && since !== '' && !/^\d{1,18}$/.test(since)) {
      throw new ApiError(400, 'invalid_input', 'passesUpdatedSince is the lastUpdated this service answered');
    }
    const updated = await deps.db.callAsService('app.wallet_serials_since', { p_device_id: device, p_since: since || null });
    if (!updated) return c.body(null, 204);
    return c.json(updated, 200);
  });

  app.get(`${base}/passes/:passType/:serial`, async (c) => {
    const card = await authorisedCard(deps, c);
    if (passUnchangedSince(card, c.req.header('if-modified-since'))) {
      return c.body(null, 304, { 'last-modified': new Date(passLastModified(card)).toUTCString() });
    }
    return pkpassResponse(card, deps.wallet.apple!.pass);
  });

  app.post(`${base}/log`, async (c) => {
    if (!deps.wallet.apple) throw notFound();
    const body = (await c.req.json().catch(() => null)) as { logs?: unknown } | null;
    const logs = Array.isArray(body?.logs) ? body.logs.filter((line): line is string => typeof line === 'string') : [];
    // Apple's devices report what went wrong with a pass; kept in the function's log only, trimmed.
    for (const line of logs.slice(0, 10)) console.warn(`[wallet] Apple Wallet: ${line.slice(0, 300)}`);
    return c.body(null, 200);
  });

  mountHook(app, routes.hookWalletDrain, async (c) => {
    const offered = c.req.header('x-drain-secret');
    if (!deps.drainSecret || !offered || !sameText(offered, deps.drainSecret)) {
      return c.json({ error: { code: 'unauthorized', message: 'Give the drain secret in x-drain-secret' } }, 401);
    }
    const totals = await drainWalletPushes({
      db: deps.db, apns: deps.wallet.apple?.apns, google: deps.wallet.google,
    });
    return c.json(totals, 200);
  });
}
