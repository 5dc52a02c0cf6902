// Which wallet providers are configured, and what an unconfigured one is missing.
import { describe, expect, it } from 'vitest';
import { walletSettings } from './settings.ts';

describe('wallet settings', () => {
  it('names every missing secret and configures nothing half-set', () => {
    const settings = walletSettings({ APPLE_TEAM_ID: 'TEAM123456', GOOGLE_WALLET_ISSUER_ID: ' ' }, 'https://p.test/functions/v1', []);
    expect(settings.apple).toBeUndefined();
    expect(settings.google).toBeUndefined();
    expect(settings.missing.apple).toEqual(['APPLE_PASS_TYPE_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT', 'APPLE_APNS_KEY', 'APPLE_APNS_KEY_ID']);
    expect(settings.missing.google).toEqual(['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLIENT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY']);
  });

  it('configures a provider whose secrets are all set, with its default and overridden URLs', () => {
    const settings = walletSettings({
      APPLE_PASS_TYPE_ID: 'pass.test', APPLE_TEAM_ID: 'T', APPLE_PASS_CERT: 'a\\nb', APPLE_PASS_KEY: 'k', APPLE_WWDR_CERT: 'w',
      APPLE_APNS_KEY: 'p8', APPLE_APNS_KEY_ID: 'K', APPLE_APNS_URL: 'http://127.0.0.1:9/',
      GOOGLE_WALLET_ISSUER_ID: '338', GOOGLE_WALLET_CLIENT_EMAIL: 'e@x', GOOGLE_WALLET_PRIVATE_KEY: 'pk',
    }, 'https://p.test/functions/v1', ['https://village.test']);
    expect(settings.missing).toEqual({ apple: [], google: [] });
    expect(settings.apple?.pass.signerCert).toBe('a\nb');
    expect(settings.apple?.pass.webServiceUrl).toBe('https://p.test/functions/v1/api/wallet/apple');
    expect(settings.apple?.apns.baseUrl).toBe('http://127.0.0.1:9');
    expect(settings.apple?.apns.topic).toBe('pass.test');
    expect(settings.google?.apiBaseUrl).toBe('https://walletobjects.googleapis.com');
    expect(settings.google?.origins).toEqual(['https://village.test']);
  });
});
