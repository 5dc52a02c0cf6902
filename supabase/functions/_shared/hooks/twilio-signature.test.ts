// Twilio's request signature, checked against the worked example of Twilio's docs and SDKs.
import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature.ts';

const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
// Out of name order on purpose: the signature sorts them.
const PARAMS = new URLSearchParams({
  Digits: '1234',
  To: '+18005551212',
  From: '+14158675309',
  Caller: '+14158675309',
  CallSid: 'CA1234567890ABCDE',
});
const DOCUMENTED = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('X-Twilio-Signature', () => {
  it("reproduces Twilio's documented signature", async () => {
    expect(await twilioSignature(TOKEN, URL, PARAMS)).toBe(DOCUMENTED);
    expect(await verifyTwilioSignature(TOKEN, URL, PARAMS, DOCUMENTED)).toBe(true);
  });

  it('refuses another token, URL, parameter value, a missing signature or no token', async () => {
    const tampered = new URLSearchParams(PARAMS);
    tampered.set('Digits', '9999');
    expect(await verifyTwilioSignature('other', URL, PARAMS, DOCUMENTED)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, `${URL}&x=1`, PARAMS, DOCUMENTED)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, URL, tampered, DOCUMENTED)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(await verifyTwilioSignature(undefined, URL, PARAMS, DOCUMENTED)).toBe(false);
  });
});
