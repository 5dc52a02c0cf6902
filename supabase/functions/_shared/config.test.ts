// The api settings: required variables, defaults, and the <requests>/<seconds> limits.
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

const REQUIRED = { SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_ANON_KEY: 'anon', SUPABASE_DB_URL: 'postgres://db' };

describe('parseConfig', () => {
  it('keeps demo mode off and origins empty by default, with the documented limits', () => {
    const config = parseConfig(REQUIRED);
    expect(config).toMatchObject({ supabaseUrl: 'https://abc.supabase.co', demoMode: false, allowedOrigins: [] });
    expect(config.rateLimits.sendCodePerIp).toEqual({ limit: 20, windowSeconds: 3600 });
    expect(config.sendSmsHookSecrets).toEqual([]);
    expect(config.twilio).toBeUndefined();
    expect(config.rateLimits.verifyPerPhone).toEqual({ limit: 10, windowSeconds: 900 });
  });

  it('reads DEMO_MODE, ALLOWED_ORIGINS and limits', () => {
    const config = parseConfig({
      ...REQUIRED,
      DEMO_MODE: 'true',
      ALLOWED_ORIGINS: 'http://localhost:5173, https://rewards.example',
      RATE_LIMIT_CUSTOMERS_PER_CLIENT: '7/60',
    });
    expect(config.demoMode).toBe(true);
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'https://rewards.example']);
    expect(config.rateLimits.customersPerClient).toEqual({ limit: 7, windowSeconds: 60 });
  });

  it('reads the client address from cf-connecting-ip unless CLIENT_IP_HEADER names another header', () => {
    expect(parseConfig(REQUIRED).clientIpHeader).toBe('cf-connecting-ip');
    expect(parseConfig({ ...REQUIRED, CLIENT_IP_HEADER: 'X-Forwarded-For' }).clientIpHeader).toBe('x-forwarded-for');
    expect(() => parseConfig({ ...REQUIRED, CLIENT_IP_HEADER: 'x-real-ip, cf-connecting-ip' })).toThrow(/CLIENT_IP_HEADER/);
  });

  it('names what is missing or malformed', () => {
    expect(() => parseConfig({ ...REQUIRED, SUPABASE_URL: undefined })).toThrow(/SUPABASE_URL/);
    expect(() => parseConfig({ ...REQUIRED, DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
    expect(() => parseConfig({ ...REQUIRED, RATE_LIMIT_SEND_CODE_PER_IP: 'lots' })).toThrow(/RATE_LIMIT_SEND_CODE_PER_IP/);
    expect(() => parseConfig({ ...REQUIRED, RATE_LIMIT_SEND_CODE_PER_IP: '5/0' })).toThrow(/RATE_LIMIT_SEND_CODE_PER_IP/);
  });

  it('reads the wallet secrets: a provider is configured only with all of them, else its missing names', () => {
    const config = parseConfig({ ...REQUIRED, APPLE_TEAM_ID: 'TEAM123456', GOOGLE_WALLET_ISSUER_ID: '338', GOOGLE_WALLET_CLIENT_EMAIL: 'e@x', GOOGLE_WALLET_PRIVATE_KEY: 'k' });
    expect(config.wallet.apple).toBeUndefined();
    expect(config.wallet.missing.apple).toContain('APPLE_PASS_CERT');
    expect(config.wallet.missing.apple).not.toContain('APPLE_TEAM_ID');
    expect(config.wallet.google?.issuerId).toBe('338');
    expect(config.wallet.missing.google).toEqual([]);
    expect(parseConfig({ ...REQUIRED, PUBLIC_FUNCTIONS_URL: 'https://fn.example/functions/v1' }).publicFunctionsUrl).toBe('https://fn.example/functions/v1');
    expect(config.rateLimits.walletPerMember).toEqual({ limit: 20, windowSeconds: 3600 });
  });
});
