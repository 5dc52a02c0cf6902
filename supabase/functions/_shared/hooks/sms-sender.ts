// The one provider module every SMS goes through: sign-in codes (the Send SMS hook, send-sms.ts)
// and the programme's texts (the outbox's drain, texts.ts). Twilio's Messages API in production
// (the hook replaces Supabase Auth's own provider, so it must send), the local stack's dev outbox
// in development (dev/gateway.ts injects it, and prints every message in the terminal).
import { ApiError } from '../errors.ts';

export interface SmsSendOptions {
  /** Where Twilio reports delivery (the status callback of a programme text). */
  statusCallback?: string;
}

export interface SmsSent {
  /** The provider's message id (Twilio's SM… sid), when it gives one. */
  providerId?: string;
}

export interface SmsSender {
  /**
   * Sends `body` to an E.164 phone (+1XXXXXXXXXX); throws when the provider did not take it (an
   * SmsRefused says whether trying again can help). `code`: the sign-in code it carries, '' for
   * a programme text (the dev outbox lists them apart).
   */
  send(phone: string, body: string, code: string, options?: SmsSendOptions): Promise<SmsSent | void>;
}

/** The provider refused a message; `permanent`: trying again cannot help (a bad or opted-out number). */
export class SmsRefused extends ApiError {
  constructor(readonly permanent: boolean, detail: string) {
    super(503, 'upstream_unavailable', `The SMS provider did not take the message (${detail})`);
  }
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (MG…) or a sending number (+1…). */
  sender: string;
}

/** The SMS text: [auth.sms] template's wording, kept here since the hook writes the message. */
export const smsText = (code: string) => `Your Village Rewards code is ${code}`;

// Twilio error codes that no retry fixes: invalid 'To' (21211), not a mobile number (21614),
// the recipient replied STOP (21610), a number that cannot be reached (21612, 21408).
const PERMANENT_TWILIO_ERRORS = new Set([21211, 21408, 21610, 21612, 21614]);

export function createTwilioSender(settings: TwilioSettings, send: typeof fetch = fetch): SmsSender {
  return {
    async send(phone, body, _code, options = {}) {
      const form = new URLSearchParams({ To: phone, Body: body });
      form.set(settings.sender.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.sender);
      if (options.statusCallback) form.set('StatusCallback', options.statusCallback);
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
      if (!response) throw new SmsRefused(false, 'not reachable');
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (!response.ok) {
        const code = typeof answer.code === 'number' ? answer.code : undefined;
        const permanent = code !== undefined && PERMANENT_TWILIO_ERRORS.has(code);
        throw new SmsRefused(permanent, `HTTP ${response.status}${code ? `, Twilio error ${code}` : ''}`);
      }
      return { providerId: typeof answer.sid === 'string' ? answer.sid : undefined };
    },
  };
}

/** No provider configured: every send fails (Auth then answers an error and counts nothing). */
export const noSmsSender: SmsSender = {
  send() {
    return Promise.reject(new SmsRefused(false, 'no SMS provider is configured'));
  },
};
