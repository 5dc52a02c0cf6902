// The .pkpass: with a throw-away CA and Pass Type certificate made here by openssl,
// the archive is a valid zip, every manifest hash matches its file, and the PKCS#7 signature
// verifies against the test CA.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPkpass, passJson, type AppleWalletConfig, type WalletCard } from './apple-pass.ts';

function makeCertificates(dir: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr', '-subj', '/CN=Pass Type ID: pass.test.village/OU=TEAM123456');
  run('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return { wwdr: read('ca.pem'), signerCert: read('signer.pem'), signerKey: read('signer.key') };
}

const card: WalletCard = {
  customerId: '11111111-1111-4111-8111-111111111111',
  serial: '22222222-2222-4222-8222-222222222222',
  authToken: 'a'.repeat(64),
  name: 'Ada Lovelace',
  points: 15,
  tier: { name: 'Silver', minPoints: 10 },
  nextGoal: { target: 20, label: '$10 Off - Gold Status', pointsNeeded: 5 },
  visited: 2,
  businesses: 6,
  rewardsWaiting: 1,
  qr: 'customer:11111111-1111-4111-8111-111111111111',
  updateTag: 7,
  updatedAt: '2026-11-28T06:00:00.000Z',
};

describe('the Apple Wallet pass', () => {
  it('is a zip whose manifest matches its files and whose signature verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
    const certs = makeCertificates(dir);
    const config: AppleWalletConfig = {
      passTypeId: 'pass.test.village', teamId: 'TEAM123456', webServiceUrl: 'https://example.test/api/wallet/apple', ...certs,
    };
    const archive = await buildPkpass(card, config);
    writeFileSync(join(dir, 'card.pkpass'), archive);
    execFileSync('unzip', ['-q', 'card.pkpass', '-d', 'out'], { cwd: dir });
    const out = join(dir, 'out');
    const files = readdirSync(out).sort();
    expect(files).toEqual(expect.arrayContaining(['icon.png', 'manifest.json', 'pass.json', 'signature']));

    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Record<string, string>;
    for (const file of files.filter((name) => name !== 'manifest.json' && name !== 'signature')) {
      expect(manifest[file], file).toBe(createHash('sha1').update(readFileSync(join(out, file))).digest('hex'));
    }

    // The detached signature over manifest.json verifies with the test CA as the trusted root.
    const verified = execFileSync('openssl', [
      'smime', '-verify', '-binary', '-inform', 'DER', '-in', join(out, 'signature'), '-content', join(out, 'manifest.json'),
      '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any',
    ], { stdio: 'pipe' });
    expect(verified.toString()).toBe(readFileSync(join(out, 'manifest.json'), 'utf8'));
    // A manifest changed after signing does not verify.
    writeFileSync(join(out, 'manifest.json'), '{}');
    expect(() => execFileSync('openssl', [
      'smime', '-verify', '-binary', '-inform', 'DER', '-in', join(out, 'signature'), '-content', join(out, 'manifest.json'),
      '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any',
    ], { stdio: 'pipe' })).toThrow();

    const pass = JSON.parse(readFileSync(join(out, 'pass.json'), 'utf8')) as ReturnType<typeof passJson>;
    expect(pass.serialNumber).toBe(card.serial);
    expect(pass.barcodes[0]!.message).toBe('customer:11111111-1111-4111-8111-111111111111');
    expect(pass.storeCard.primaryFields[0]!.value).toBe(15);
    expect(pass.storeCard.auxiliaryFields.map((field) => field.value)).toEqual(['2 of 6', '5 points to $10 Off - Gold Status']);
  });
});
