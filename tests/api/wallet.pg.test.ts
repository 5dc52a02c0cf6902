// Wallet cards through the API on real Postgres (docs/WALLET.md): which providers are configured,
// the member's signed .pkpass and Google save link, Apple's pass web service (401 / 201 / 200 /
// 204 / 304), and an approval that queues one push per registered device which the drain sends
// to a fake APNs and a fake Google API on 127.0.0.1. Certificates and keys are throw-away ones
// made here (openssl, jose), as in apple-pass.test.ts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import type { AppConfig } from '../../supabase/functions/_shared/config.ts';
import { AdminWalletStatus, GoogleSaveLink, LocationList, WalletConfig } from '../../supabase/functions/_shared/contract.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { walletSettings } from '../../supabase/functions/_shared/wallet/settings.ts';
import { bodyOf, callApp, type CallOptions } from '../support/api-client.ts';
import { createApiHarness, type ApiHarness } from '../support/api-harness.ts';
import { createMember, recordVisit } from '../support/api-factories.ts';

const PASS_TYPE = 'pass.test.village';
const DRAIN_SECRET = 'a-wallet-drain-secret-for-tests';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }

/** A fake APNs, Google OAuth token endpoint and Google Wallet API on 127.0.0.1 that record every request. */
async function fakeProviders() {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'fake-google-token' }));
      } else if (req.url?.startsWith('/3/device/')) {
        res.writeHead(200).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function makeCertificates(dir: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr', '-subj', `/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAM123456`);
  run('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return { wwdr: read('ca.pem'), cert: read('signer.pem'), key: read('signer.key') };
}

let h: ApiHarness;
let fake: Awaited<ReturnType<typeof fakeProviders>>;
let dir: string;
let app: App;
let config: AppConfig;
let bare: App;
let googlePublicKey: string;
let locationId: string;

beforeAll(async () => {
  h = await createApiHarness('postgres');
  fake = await fakeProviders();
  dir = mkdtempSync(join(tmpdir(), 'wallet-api-'));
  const certs = makeCertificates(dir);
  const apns = await generateKeyPair('ES256', { extractable: true });
  const google = await generateKeyPair('RS256', { extractable: true });
  googlePublicKey = await exportSPKI(google.publicKey);
  const env = {
    APPLE_PASS_TYPE_ID: PASS_TYPE, APPLE_TEAM_ID: 'TEAM123456', APPLE_PASS_CERT: certs.cert, APPLE_PASS_KEY: certs.key,
    APPLE_WWDR_CERT: certs.wwdr, APPLE_APNS_KEY: await exportPKCS8(apns.privateKey), APPLE_APNS_KEY_ID: 'KEY1234567',
    APPLE_APNS_URL: fake.base,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_CLIENT_EMAIL: 'wallet@test.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: await exportPKCS8(google.privateKey), GOOGLE_WALLET_API_URL: fake.base,
    GOOGLE_OAUTH_TOKEN_URL: `${fake.base}/token`,
  };
  config = {
    ...h.config,
    textsDrainSecret: DRAIN_SECRET,
    wallet: walletSettings(env, 'https://fn.example/functions/v1', ['http://localhost:5173']),
  };
  app = createApp({ db: createDb(h.db.sql, { demoMode: false }), config });
  // The harness's own app: no wallet secrets at all.
  bare = h.app;
  locationId = bodyOf(await h.call('GET', '/api/locations'), LocationList)[0]!.id;
}, 180_000);

afterAll(async () => {
  await fake?.close();
  await h?.close();
});

const call = (method: string, path: string, options?: CallOptions) => callApp(app, method, path, options);

/** The raw answer (a .pkpass is bytes, not text). */
async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return app.request(path, { method, headers: body ? { 'content-type': 'application/json', ...headers } : headers, body });
}

/** The pass a member downloads, unzipped: its pass.json and the folder it is in. */
async function downloadPass(token: string) {
  const response = await raw('GET', '/api/wallet/apple/pass', { authorization: `Bearer ${token}` });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  const out = mkdtempSync(join(dir, 'pass-'));
  writeFileSync(join(out, 'card.pkpass'), Buffer.from(await response.arrayBuffer()));
  execFileSync('unzip', ['-q', 'card.pkpass', '-d', 'files'], { cwd: out });
  const files = join(out, 'files');
  return {
    files,
    lastModified: response.headers.get('last-modified'),
    pass: JSON.parse(readFileSync(join(files, 'pass.json'), 'utf8')) as {
      serialNumber: string; authenticationToken: string; webServiceURL: string; passTypeIdentifier: string;
      barcodes: { message: string }[];
      storeCard: { primaryFields: { value: number }[]; secondaryFields: { key: string; value: string }[]; auxiliaryFields: { key: string; value: string }[] };
    },
  };
}

const points = async (customerId: string) =>
  (await h.db.sql<{ points: number }[]>`select total_points as points from public.customers where id = ${customerId}`)[0]!.points;

describe('wallet configuration', () => {
  it('tells members which providers are configured and admins which secrets are missing', async () => {
    expect(bodyOf(await call('GET', '/api/wallet/config'), WalletConfig)).toEqual({ apple: true, google: true });
    expect(bodyOf(await callApp(bare, 'GET', '/api/wallet/config'), WalletConfig)).toEqual({ apple: false, google: false });

    const admin = await h.adminToken();
    const missing = bodyOf(await callApp(bare, 'GET', '/api/admin/wallet', { token: admin }), AdminWalletStatus);
    expect(missing.apple).toEqual({ configured: false, missing: expect.arrayContaining(['APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_APNS_KEY']) });
    expect(missing.google.missing).toEqual(['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLIENT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY']);
    expect(bodyOf(await call('GET', '/api/admin/wallet', { token: admin }), AdminWalletStatus)).toEqual({
      apple: { configured: true, missing: [] }, google: { configured: true, missing: [] },
    });

    const member = await createMember(h);
    expect((await call('GET', '/api/admin/wallet', { token: member.token })).status).toBe(403);
    expect((await call('GET', '/api/admin/wallet')).status).toBe(401);
    // Not configured: the member's pass and link are a 404, never a broken file.
    expect((await callApp(bare, 'GET', '/api/wallet/apple/pass', { token: member.token })).status).toBe(404);
    expect((await callApp(bare, 'GET', '/api/wallet/google/link', { token: member.token })).status).toBe(404);
  });
});

describe('the member\'s cards', () => {
  it('downloads a signed .pkpass with the member\'s fields, only when signed in', async () => {
    expect((await raw('GET', '/api/wallet/apple/pass')).status).toBe(401);
    const member = await createMember(h, { name: 'Pass Holder' });
    await recordVisit(h, await h.adminToken(), member.id, locationId);
    const { pass, files, lastModified } = await downloadPass(member.token);
    expect(pass.passTypeIdentifier).toBe(PASS_TYPE);
    expect(pass.webServiceURL).toBe('https://fn.example/functions/v1/api/wallet/apple');
    expect(pass.barcodes[0]!.message).toBe(`customer:${member.id}`);
    expect(pass.storeCard.primaryFields[0]!.value).toBe(await points(member.id));
    expect(pass.storeCard.secondaryFields.find((f) => f.key === 'name')?.value).toBe('Pass Holder');
    expect(pass.storeCard.auxiliaryFields.find((f) => f.key === 'visited')?.value).toMatch(/^1 of \d+$/);
    expect(lastModified).toBeTruthy();

    // Every file is in the manifest with its hash, and the signature verifies with the test CA.
    const manifest = JSON.parse(readFileSync(join(files, 'manifest.json'), 'utf8')) as Record<string, string>;
    for (const file of readdirSync(files).filter((name) => name !== 'manifest.json' && name !== 'signature')) {
      expect(manifest[file], file).toBe(createHash('sha1').update(readFileSync(join(files, file))).digest('hex'));
    }
    execFileSync('openssl', [
      'smime', '-verify', '-binary', '-inform', 'DER', '-in', join(files, 'signature'), '-content', join(files, 'manifest.json'),
      '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any',
    ], { stdio: 'pipe' });

    // The same card each time: one serial per member.
    expect((await downloadPass(member.token)).pass.serialNumber).toBe(pass.serialNumber);
  });

  it('gives a Google save link whose JWT carries the member\'s object', async () => {
    const member = await createMember(h);
    const { url } = bodyOf(await call('GET', '/api/wallet/google/link', { token: member.token }), GoogleSaveLink);
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const { payload } = await jwtVerify(url.split('/').at(-1)!, await importSPKI(googlePublicKey, 'RS256'), { audience: 'google' });
    const objects = (payload as { payload: { loyaltyObjects: { id: string; barcode: { value: string } }[] } }).payload.loyaltyObjects;
    expect(objects.map((o) => [o.id, o.barcode.value])).toEqual([[`3388000000012345678.${member.id}`, `customer:${member.id}`]]);
  });

  it('is limited per member', async () => {
    const tight = createApp({
      db: createDb(h.db.sql, { demoMode: false }),
      config: { ...config, rateLimits: { ...config.rateLimits, walletPerMember: { limit: 2, windowSeconds: 3600 } } },
    });
    const member = await createMember(h);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await callApp(tight, 'GET', '/api/wallet/google/link', { token: member.token })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('Apple\'s pass web service', () => {
  it('registers, lists, serves and unregisters per Apple\'s spec; an approval queues one push per device, which the drain sends', async () => {
    const member = await createMember(h);
    const { pass } = await downloadPass(member.token);
    const serial = pass.serialNumber;
    const registration = (device: string) => `/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}/${serial}`;
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const pushBody = (token: string) => JSON.stringify({ pushToken: token });

    // 401 without the token, with another token, or with a Bearer token.
    expect((await raw('POST', registration('device-one'), {}, pushBody('push-one'))).status).toBe(401);
    expect((await raw('POST', registration('device-one'), { authorization: `ApplePass ${'0'.repeat(64)}` }, pushBody('push-one'))).status).toBe(401);
    expect((await raw('POST', registration('device-one'), { authorization: `Bearer ${member.token}` }, pushBody('push-one'))).status).toBe(401);
    expect((await raw('GET', `/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`)).status).toBe(401);
    // Another pass type is not this service's.
    expect((await raw('GET', `/api/wallet/apple/v1/passes/pass.other/${serial}`, auth)).status).toBe(404);

    // A device with no registration has nothing updated.
    expect((await raw('GET', `/api/wallet/apple/v1/devices/device-one/registrations/${PASS_TYPE}`)).status).toBe(204);

    expect((await raw('POST', registration('device-one'), auth, pushBody('push-one'))).status).toBe(201);
    expect((await raw('POST', registration('device-one'), auth, pushBody('push-one'))).status).toBe(200);
    expect((await raw('POST', registration('device-two'), auth, pushBody('push-two'))).status).toBe(201);

    const listed = await raw('GET', `/api/wallet/apple/v1/devices/device-one/registrations/${PASS_TYPE}`);
    expect(listed.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([serial]);
    expect((await raw('GET', `/api/wallet/apple/v1/devices/device-one/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).status).toBe(204);

    // The latest pass: 200 with Last-Modified, then 304 when asked with it. (The card is made
    // a minute older: a pass served in the second of its last change is never answered 304.)
    await h.db.sql`update private.wallet_cards set created_at = now() - interval '1 minute' where serial = ${serial}`;
    const latest = await raw('GET', `/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`, auth);
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const modified = latest.headers.get('last-modified')!;
    expect((await raw('GET', `/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`, { ...auth, 'if-modified-since': modified })).status).toBe(304);

    // The drain first sends whatever earlier tests left, so only this approval's pushes follow.
    const drain = () => raw('POST', '/api/hooks/wallet/drain', { 'x-drain-secret': DRAIN_SECRET });
    expect((await drain()).status).toBe(200);
    fake.seen.length = 0;

    // An approval queues exactly one push per registered device.
    await recordVisit(h, await h.adminToken(), member.id, locationId);
    const queued = await h.db.sql<{ push_token: string }[]>`
      select push_token from private.wallet_pushes where customer_id = ${member.id} and status = 'queued' and kind = 'apple' order by 1`;
    expect(queued.map((row) => row.push_token)).toEqual(['push-one', 'push-two']);

    // The device sees the serial changed and the pass is new again.
    const changed = (await (await raw('GET', `/api/wallet/apple/v1/devices/device-one/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).json()) as { serialNumbers: string[] };
    expect(changed.serialNumbers).toEqual([serial]);
    expect((await raw('GET', `/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`, { ...auth, 'if-modified-since': modified })).status).toBe(200);

    // The drain: refused without the secret; with it, one empty push per device to the fake APNs.
    expect((await raw('POST', '/api/hooks/wallet/drain')).status).toBe(401);
    expect((await raw('POST', '/api/hooks/wallet/drain', { 'x-drain-secret': 'not-the-secret-at-all' })).status).toBe(401);
    expect(fake.seen).toEqual([]);
    const drained = await drain();
    expect(await drained.json()).toEqual({ claimed: 2, sent: 2, failed: 0 });
    const pushes = fake.seen.filter((request) => request.url.startsWith('/3/device/'));
    expect(pushes.map((request) => request.url).sort()).toEqual(['/3/device/push-one', '/3/device/push-two']);
    expect(pushes.every((request) => request.headers['apns-topic'] === PASS_TYPE && request.body === '{}')).toBe(true);
    expect(await (await drain()).json()).toEqual({ claimed: 0, sent: 0, failed: 0 });

    // Unregister: that device gets no more pushes.
    expect((await raw('DELETE', registration('device-two'))).status).toBe(401);
    expect((await raw('DELETE', registration('device-two'), auth)).status).toBe(200);
    await recordVisit(h, await h.adminToken(), member.id, bodyOf(await h.call('GET', '/api/locations'), LocationList)[1]!.id);
    const after = await h.db.sql<{ push_token: string }[]>`
      select push_token from private.wallet_pushes where customer_id = ${member.id} and status = 'queued' and kind = 'apple'`;
    expect(after.map((row) => row.push_token)).toEqual(['push-one']);

    // The log endpoint takes the device's messages.
    expect((await raw('POST', '/api/wallet/apple/v1/log', {}, JSON.stringify({ logs: ['a test message'] }))).status).toBe(200);
  });

  it('limits the devices registering for one pass', async () => {
    const tight = createApp({
      db: createDb(h.db.sql, { demoMode: false }),
      config: { ...config, rateLimits: { ...config.rateLimits, walletDevicesPerPass: { limit: 2, windowSeconds: 3600 } } },
    });
    const member = await createMember(h);
    const { pass } = await downloadPass(member.token);
    const statuses: number[] = [];
    for (const device of ['d1', 'd2', 'd3']) {
      const response = await tight.request(`/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}/${pass.serialNumber}`, {
        method: 'POST',
        headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pushToken: `push-${device}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const devices = await h.db.sql`select device_id from private.wallet_devices where serial = ${pass.serialNumber}`;
    expect(devices).toHaveLength(2);
  });

  it('sends the Google PATCH with the new balance from the same outbox', async () => {
    const member = await createMember(h);
    bodyOf(await call('GET', '/api/wallet/google/link', { token: member.token }), GoogleSaveLink);
    await raw('POST', '/api/hooks/wallet/drain', { 'x-drain-secret': DRAIN_SECRET });
    fake.seen.length = 0;
    await recordVisit(h, await h.adminToken(), member.id, locationId);
    const drained = await raw('POST', '/api/hooks/wallet/drain', { 'x-drain-secret': DRAIN_SECRET });
    expect(await drained.json()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    const patch = fake.seen.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe(`/walletobjects/v1/loyaltyObject/3388000000012345678.${member.id}`);
    expect(patch?.headers.authorization).toBe('Bearer fake-google-token');
    expect((JSON.parse(patch!.body) as { loyaltyPoints: { balance: { int: number } } }).loyaltyPoints.balance.int).toBe(await points(member.id));
  });
});
