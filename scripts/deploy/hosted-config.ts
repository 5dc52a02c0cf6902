// The config `supabase config push` sends to a hosted project: supabase/config.toml with the
// village's address instead of the local one, the Send SMS hook at the project's api function,
// and no test numbers (their fixed codes would let anyone sign in as them). Written to a
// throwaway workdir; the repository's file stays the local stack's.
import { parse, stringify } from 'smol-toml';

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {});

export const CUSTOM_ACCESS_TOKEN_HOOK = 'pg-functions://postgres/private/custom_access_token_hook';

export function hostedConfig(toml: string, options: { siteUrl: string; functionsUrl: string }): string {
  const config = parse(toml) as Table;
  const auth = table(config.auth);
  auth.site_url = options.siteUrl;
  auth.additional_redirect_urls = [options.siteUrl];
  const sms = table(auth.sms);
  delete sms.test_otp;
  const hooks = table(auth.hook);
  const sendSms = table(hooks.send_sms);
  sendSms.uri = `${options.functionsUrl}/api/hooks/send-sms`;
  // The CLI reads the value from the deploy's environment (checked there: never the development one).
  sendSms.secrets = 'env(SEND_SMS_HOOK_SECRETS)';
  return `# Written by npm run deploy from supabase/config.toml for a hosted project; not kept.\n${stringify(config)}\n`;
}
