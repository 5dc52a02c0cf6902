// The "Save to Google Wallet" link: its JWT verifies with the test service
// account's public key and carries the programme's class and the member's object and QR.
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { WalletCard } from './apple-pass.ts';
import { saveLink, type GoogleWalletConfig } from './google-wallet.ts';

const card: WalletCard = {
  customerId: '11111111-1111-4111-8111-111111111111', serial: '22222222-2222-4222-8222-222222222222',
  authToken: 'a'.repeat(64), name: 'Ada Lovelace', points: 15, tier: { name: 'Silver', minPoints: 10 },
  nextGoal: { target: 20, label: '$10 Off - Gold Status', pointsNeeded: 5 }, visited: 2, businesses: 6,
  rewardsWaiting: 1, qr: 'customer:11111111-1111-4111-8111-111111111111', updateTag: 7, updatedAt: '',
};

describe('the Google Wallet save link', () => {
  it('is a JWT signed by the service account with the class and the member object', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const config: GoogleWalletConfig = {
      issuerId: '3388000000012345678', clientEmail: 'wallet@test-project.iam.gserviceaccount.com',
      privateKey: await exportPKCS8(privateKey), classSuffix: 'village_rewards', origins: ['https://village.test'],
    };
    const link = await saveLink(config, card);
    expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const jwt = link.split('/').at(-1)!;
    const { payload } = await jwtVerify(jwt, await importSPKI(await exportSPKI(publicKey), 'RS256'), {
      issuer: config.clientEmail, audience: 'google',
    });
    const body = payload as unknown as {
      typ: string; origins: string[];
      payload: { loyaltyClasses: { id: string }[]; loyaltyObjects: { id: string; classId: string; barcode: { value: string };
        loyaltyPoints: { balance: { int: number } } }[] };
    };
    expect(body.typ).toBe('savetowallet');
    expect(body.origins).toEqual(['https://village.test']);
    expect(body.payload.loyaltyClasses.map((c) => c.id)).toEqual(['3388000000012345678.village_rewards']);
    const [object] = body.payload.loyaltyObjects;
    expect(object?.id).toBe('3388000000012345678.11111111-1111-4111-8111-111111111111');
    expect(object?.classId).toBe('3388000000012345678.village_rewards');
    expect(object?.barcode.value).toBe(card.qr);
    expect(object?.loyaltyPoints.balance.int).toBe(15);

    // Another key does not verify it.
    const other = await generateKeyPair('RS256');
    await expect(jwtVerify(jwt, other.publicKey)).rejects.toThrow();
  });
});
