// The member's own data on /account: their details, name, texts on/off, a new phone
// proven by a code, "Download my data" and "Delete my account".
import { callerFromToken } from '../../auth.ts';
import { routes } from '../../contract.ts';
import { endpoint, UNAVAILABLE, type Limit } from '../../endpoint.ts';
import { ApiError } from '../../errors.ts';
import type { AuthSession } from '../../contract/auth.ts';
import { e164 } from '../auth/phone.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

const MEMBERS = ['member', 'staff', 'admin'] as const;
const NO_ACCOUNT = 'No account found for this sign-in.';

// Every change a member makes writes records (and a phone change sends an SMS): at most so many per member.
const perMember: Limit<object> = {
  rule: 'accountChangesPerMember', bucket: 'account:member',
  key: ({ caller }) => caller.userId, text: 'account changes per member',
};

export const myDetails = endpoint({
  ...routes.myDetails, tag: 'Account', roles: MEMBERS,
  summary: 'The signed-in member\'s contact details and SMS choice (for /account)',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: NO_ACCOUNT },
  handler: ({ call }) => call('app.my_details'),
});

export const updateMyName = endpoint({
  ...routes.updateMyName, tag: 'Account', roles: MEMBERS,
  summary: 'Change your name',
  description: 'The name is cleaned as at sign-up (trimmed, invisible characters dropped, at most 100).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: NO_ACCOUNT, 429: 'Too many account changes.' },
  limits: [perMember],
  handler: ({ call, body }) => call('app.update_my_name', { p_name: body.name }),
});

export const setMySmsConsent = endpoint({
  ...routes.setMySmsConsent, tag: 'Account', roles: MEMBERS,
  summary: 'Turn texts on or off',
  description:
    'Recorded as a consent row with the wording shown (SMS_CONSENT_TEXT to turn on, SMS_OPT_OUT_TEXT to turn ' +
    'off), source `account`, and the time; choosing what is already set records nothing.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: NO_ACCOUNT, 429: 'Too many account changes.' },
  limits: [perMember],
  handler: ({ call, body }) => call('app.set_my_sms_consent', { p_granted: body.smsConsent, p_wording: body.wording }),
});

export const changeMyPhone = endpoint({
  ...routes.changeMyPhone, tag: 'Account', roles: ['member'],
  summary: 'Start a phone change: a code is texted to the new number',
  description:
    'Supabase Auth\'s phone change (PUT /auth/v1/user {phone}): the code goes to the new number; the account ' +
    'keeps the current phone until POST /api/me/phone/verify confirms the code. 409 when another member has ' +
    'the number. Limited per member and per client address, on top of the daily code cap per phone.',
  errors: {
    400: `${BAD_INPUT} Or the number is already yours.`, 401: NOT_SIGNED_IN, 403: 'Not a member (staff, admins, kiosks).',
    404: NO_ACCOUNT, 409: 'Another member has this phone number.', 429: 'Too many changes or codes.',
    503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [
    perMember,
    { rule: 'sendCodePerIp', bucket: 'send-code:ip', key: ({ clientAddress }) => clientAddress, text: 'codes per client address' },
  ],
  async handler({ call, body, caller, auth }) {
    const phone = (await call('app.check_my_new_phone', { p_phone: body.phone })) as string;
    await auth.requestPhoneChange(caller.accessToken ?? '', phone);
    return { sent: true };
  },
});

export const confirmMyPhone = endpoint({
  ...routes.confirmMyPhone, tag: 'Account', roles: ['member'],
  summary: 'Confirm a phone change with the code texted to the new number',
  description:
    'Supabase Auth verifies the code (type `phone_change`) and issues a session whose phone is the new one; ' +
    'the account then takes that phone. Store the returned session (supabase-js `setSession`). Wrong tries ' +
    'count as for sign-in codes.',
  errors: {
    400: BAD_INPUT, 401: 'The code is wrong or expired, or had too many wrong tries.', 403: 'Not a member.',
    404: NO_ACCOUNT, 409: 'Another member took this phone number meanwhile.', 429: 'Too many verification attempts.',
    503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [{ rule: 'verifyPerPhone', bucket: 'verify:phone', key: ({ body }) => body.phone, text: 'verification attempts per phone' }],
  async handler({ body, caller, auth, verifier, config, call, callAsService }) {
    const phone = e164(body.phone);
    await callAsService('app.sign_in_code_attempt', { p_phone: phone });
    let session: AuthSession;
    try {
      session = await auth.verifyPhoneChange(phone, body.code);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await callAsService('app.sign_in_code_failed', { p_phone: phone }).catch(() => undefined);
      }
      throw error;
    }
    await callAsService('app.sign_in_code_verified', { p_phone: phone });
    const proven = await callerFromToken(session.access_token, config.anonKey, verifier);
    if (proven.userId !== caller.userId) throw new ApiError(403, 'forbidden', 'That code was for another account');
    const details = await call('app.confirm_my_phone_change', {}, proven);
    return { details, session };
  },
});

export const myDataExport = endpoint({
  ...routes.myDataExport, tag: 'Account', roles: MEMBERS,
  summary: 'Download my data: everything stored about the signed-in member, as JSON',
  description:
    'The member record, every consent (granted or withdrawn, with its wording and source), every visit, ' +
    'every points-ledger event and every reward.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: NO_ACCOUNT, 429: 'Too many account changes.' },
  limits: [perMember],
  handler: ({ call }) => call('app.my_data_export'),
});

export const deleteMyAccount = endpoint({
  ...routes.deleteMyAccount, tag: 'Account', roles: MEMBERS,
  summary: 'Delete my account (the operator\'s "forget" applied by the member)',
  description:
    'The name becomes "Forgotten member"; phone, email and consents are erased; the Supabase Auth user and every ' +
    'session end. Visits, points and settlement figures keep their numbers, anonymously. The phone may join again ' +
    'as a new member.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: NO_ACCOUNT, 429: 'Too many account changes.' },
  limits: [perMember],
  handler: ({ call }) => call('app.delete_my_account'),
});
