// Where the Send SMS hook hands a sign-in code once it is counted: Twilio's Messages API in
// production (the hook replaces Supabase Auth's own provider, so it must send), the local
// stack's dev outbox in development (dev/gateway.ts injects it).
import { ApiError } from '../errors.ts';

export interface SmsSender {
  /** Sends `body` to an E.164 phone (+1XXXXXXXXXX); throws when the provider did not take it. */
  send(phone: string, body: string, code: string): Promise<void>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (MG…) or a sending number (+1…). */
  sender: string;
}

/** The SMS text: [auth.sms] template's wording, kept here since the hook writes the message. */
export const smsText = (code: string) => `Your Village Rewards code is ${code}`;

export function createTwilioSender(settings: TwilioSettings, send: typeof fetch = fetch): SmsSender {
  return {
    async send(phone, body) {
      const form = new URLSearchParams({ To: phone, Body: body });
      form.set(settings.sender.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.sender);
      const response = await send(
        `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
        },
      ).catch(() => undefined);
      if (!response?.ok) {
        throw new ApiError(503, 'upstream_unavailable', 'The SMS provider did not take the message');
      }
    },
  };
}

/** No provider configured: every send fails (Auth then answers an error and counts nothing). */
export const noSmsSender: SmsSender = {
  send() {
    return Promise.reject(new ApiError(503, 'upstream_unavailable', 'No SMS provider is configured'));
  },
};
