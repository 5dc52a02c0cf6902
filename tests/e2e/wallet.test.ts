// Wallet cards in Chromium on the local stack (`npm run dev`) started with throw-away Apple and
// Google credentials (made here with openssl and jose, as apple-pass.test.ts does): a member signs
// in, /account shows "Add to Apple Wallet" and "Save to Google Wallet", and the first downloads a
// signed .pkpass whose pass.json carries the member's name and QR. Shot at 390 and 1280 px.
// Hold `flock /tmp/ports.lock`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import {
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
  type StorageState,
} from '../support/browser-app.ts';
import { latestCode, nextPhone, signUp } from './lib/api.ts';
import { signInThroughScreen } from './lib/dev-app.ts';

const PASS_TYPE = 'pass.test.village';
let app: BrowserApp;
let dir: string;
let member: { id: string; name: string; phone: string };
let state: StorageState;

function certificates() {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr', '-subj', `/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAM123456`);
  run('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return { wwdr: read('ca.pem'), cert: read('signer.pem'), key: read('signer.key') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  const certs = certificates();
  const apns = await generateKeyPair('ES256', { extractable: true });
  const google = await generateKeyPair('RS256', { extractable: true });
  app = await startBrowserApp({
    env: {
      APPLE_PASS_TYPE_ID: PASS_TYPE, APPLE_TEAM_ID: 'TEAM123456', APPLE_PASS_CERT: certs.cert, APPLE_PASS_KEY: certs.key,
      APPLE_WWDR_CERT: certs.wwdr, APPLE_APNS_KEY: await exportPKCS8(apns.privateKey), APPLE_APNS_KEY_ID: 'KEY1234567',
      APPLE_APNS_URL: 'http://127.0.0.1:9',
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_CLIENT_EMAIL: 'wallet@test.iam.gserviceaccount.com',
      GOOGLE_WALLET_PRIVATE_KEY: await exportPKCS8(google.privateKey),
    },
  });
  member = await signUp('Wanda Wallet');
  const opened = await app.open('/login', 390);
  state = await signInThroughScreen(opened.page, member.phone, () => latestCode(app.anonKey, member.phone));
  await opened.page.close();
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

it('downloads the member\'s signed pass from /account', async () => {
  const { page, problems } = await app.open('/account', 390, { storageState: state });
  const apple = page.getByRole('button', { name: 'Add to Apple Wallet' });
  await apple.waitFor();
  await page.getByRole('button', { name: 'Save to Google Wallet' }).waitFor();
  // Large targets: at least 56 px tall on a phone.
  expect((await apple.boundingBox())!.height).toBeGreaterThanOrEqual(56);
  await shoot(page, 'wallet-account-390');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe('village-rewards.pkpass');
  const file = join(dir, 'member.pkpass');
  await download.saveAs(file);
  execFileSync('unzip', ['-q', '-o', file, '-d', join(dir, 'pass')]);
  const pass = JSON.parse(readFileSync(join(dir, 'pass', 'pass.json'), 'utf8')) as {
    passTypeIdentifier: string;
    barcodes: { message: string }[];
    storeCard: { secondaryFields: { key: string; value: string }[] };
  };
  expect(pass.passTypeIdentifier).toBe(PASS_TYPE);
  expect(pass.barcodes[0]!.message).toBe(`customer:${member.id}`);
  expect(pass.storeCard.secondaryFields.find((field) => field.key === 'name')?.value).toBe('Wanda Wallet');
  // The signature verifies against the test CA.
  execFileSync('openssl', [
    'smime', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'pass', 'signature'),
    '-content', join(dir, 'pass', 'manifest.json'), '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any',
  ], { stdio: 'pipe' });
  expect(problems).toEqual([]);
  await page.close();
});

it('shows the buttons at 1280 px and on the points page the kiosk hands off to', async () => {
  const wide = await app.open('/account', 1280, { storageState: state });
  await wide.page.getByRole('button', { name: 'Add to Apple Wallet' }).waitFor();
  const region = wide.page.getByRole('region', { name: 'Your card on your phone' });
  await region.scrollIntoViewIfNeeded();
  await shoot(wide.page, 'wallet-account-1280');
  await shoot(region, 'wallet-account-buttons-1280');
  expect(wide.problems).toEqual([]);
  await wide.page.close();

  const points = await app.open('/mobile/wallet', 390, { storageState: state });
  await points.page.getByRole('button', { name: 'Save to Google Wallet' }).waitFor();
  await shoot(points.page, 'wallet-mobile-points-390');
  expect(points.problems).toEqual([]);
  await points.page.close();
});

it('offers the card on the join success screen: a sign-in first for a visitor who joined without one', async () => {
  const { page, problems } = await app.open('/join', 390);
  await page.getByRole('heading', { name: 'Join Village Rewards', level: 1 }).waitFor();
  await page.getByLabel('Full Name *').fill('Jon Joiner');
  await page.getByLabel('Phone Number *').pressSequentially(nextPhone());
  await page.getByRole('button', { name: 'Join Now' }).last().click();
  await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
  const signIn = page.getByRole('link', { name: 'Sign in to add it' });
  await signIn.waitFor();
  expect(await page.getByRole('button', { name: 'Add to Apple Wallet' }).count()).toBe(0);
  await shoot(page, 'wallet-join-success-390');
  expect(problems).toEqual([]);
  await page.close();
});
