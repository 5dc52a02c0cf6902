// The wallet's settings from the environment (docs/WALLET.md): which providers are configured,
// and for one that is not, the secret names missing (what /admin is to show; a provider with
// anything missing shows no button).
import type { AppleWalletConfig } from './apple-pass.ts';
import type { ApnsConfig, GoogleApiConfig } from './push.ts';

export const APPLE_SECRETS = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT', 'APPLE_APNS_KEY', 'APPLE_APNS_KEY_ID'] as const;
export const GOOGLE_SECRETS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLIENT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY'] as const;

export interface WalletSettings {
  apple?: { pass: AppleWalletConfig; apns: ApnsConfig };
  google?: GoogleApiConfig;
  /** Secret names each provider still needs (empty: configured). */
  missing: { apple: string[]; google: string[] };
}

/** Secrets set with literal "\n" (one-line env values) are turned back into PEM lines. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

export function walletSettings(env: Record<string, string | undefined>, publicFunctionsUrl: string, origins: string[]): WalletSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const missing = {
    apple: APPLE_SECRETS.filter((name) => !value(name)),
    google: GOOGLE_SECRETS.filter((name) => !value(name)),
  };
  const settings: WalletSettings = { missing };
  if (missing.apple.length === 0) {
    const passTypeId = value('APPLE_PASS_TYPE_ID')!;
    settings.apple = {
      pass: {
        passTypeId, teamId: value('APPLE_TEAM_ID')!, signerCert: pem(value('APPLE_PASS_CERT')!), signerKey: pem(value('APPLE_PASS_KEY')!),
        signerKeyPassphrase: value('APPLE_PASS_KEY_PASSPHRASE'), wwdr: pem(value('APPLE_WWDR_CERT')!),
        webServiceUrl: `${publicFunctionsUrl}/api/wallet/apple`,
      },
      apns: {
        teamId: value('APPLE_TEAM_ID')!, keyId: value('APPLE_APNS_KEY_ID')!, key: pem(value('APPLE_APNS_KEY')!), topic: passTypeId,
        baseUrl: (value('APPLE_APNS_URL') ?? 'https://api.push.apple.com').replace(/\/+$/, ''),
      },
    };
  }
  if (missing.google.length === 0) {
    settings.google = {
      issuerId: value('GOOGLE_WALLET_ISSUER_ID')!, clientEmail: value('GOOGLE_WALLET_CLIENT_EMAIL')!,
      privateKey: pem(value('GOOGLE_WALLET_PRIVATE_KEY')!), classSuffix: value('GOOGLE_WALLET_CLASS_SUFFIX') ?? 'village_rewards',
      origins, apiBaseUrl: (value('GOOGLE_WALLET_API_URL') ?? 'https://walletobjects.googleapis.com').replace(/\/+$/, ''),
      tokenUrl: value('GOOGLE_OAUTH_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token',
    };
  }
  return settings;
}
