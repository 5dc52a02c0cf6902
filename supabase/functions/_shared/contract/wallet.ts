// Wallet cards (docs/WALLET.md): which providers the operator configured, the member's Google
// save link, and the admin's view of the secrets a provider still needs.
import { z } from 'zod';

/** GET /api/wallet/config: the buttons a member may see (a provider not configured shows none). */
export const WalletConfig = z.object({
  apple: z.boolean().describe('Apple Wallet is configured: "Add to Apple Wallet" may show'),
  google: z.boolean().describe('Google Wallet is configured: "Save to Google Wallet" may show'),
});
export type WalletConfig = z.infer<typeof WalletConfig>;

const ProviderStatus = z.object({
  configured: z.boolean(),
  missing: z.array(z.string()).describe('Names of the secrets still to set (empty when configured)'),
});

/** GET /api/admin/wallet: per provider, configured or the secret names it is missing. */
export const AdminWalletStatus = z.object({ apple: ProviderStatus, google: ProviderStatus });
export type AdminWalletStatus = z.infer<typeof AdminWalletStatus>;

/** GET /api/wallet/google/link. */
export const GoogleSaveLink = z.object({
  url: z.url().describe('https://pay.google.com/gp/v/save/<signed JWT>: open it to save the card'),
});
export type GoogleSaveLink = z.infer<typeof GoogleSaveLink>;

export const PkpassFile = z
  .string()
  .describe('application/vnd.apple.pkpass: the signed store card (a zip of pass.json, images, manifest.json, signature)');
