// Phone + password sign-ups as GoTrue answers them under [auth.sms] enable_confirmations: off,
// the phone counts as confirmed with no code and the session says amr password; on, a code is
// sent and only its verification (amr otp) gives a session.
import { decodeJwt } from 'jose';
import { startStack, type Stack } from '../stack.ts';
import { latestCode, outbox, phoneNumbers, stackTarget, supabaseClient, type AuthTarget } from './testing.ts';

const newPhone = phoneNumbers(7);

describe.each([
  ['off', true],
  ['on', false],
] as const)('phone + password sign-up with SMS confirmations %s', (_, autoconfirm) => {
  let stack: Stack;
  let target: AuthTarget;
  beforeAll(async () => {
    stack = await startStack({
      port: 0,
      dataDir: null,
      quiet: true,
      authSettings: { smsMaxFrequencySeconds: 0, smsAutoconfirm: autoconfirm },
    });
    target = stackTarget(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  if (autoconfirm) {
    it('hands out a session at once, with no code sent, whose amr is password', async () => {
      const phone = newPhone();
      const { data, error } = await supabaseClient(target).auth.signUp({ phone, password: 'hunter22' });
      expect(error).toBeNull();
      const claims = decodeJwt(data.session!.access_token);
      expect(claims).toMatchObject({ phone: phone.slice(1), is_anonymous: false });
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
      expect(await outbox(target, phone)).toEqual([]);
      const again = await supabaseClient(target).auth.signInWithPassword({ phone, password: 'hunter22' });
      expect(decodeJwt(again.data.session!.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    });
  } else {
    it('sends a code and gives no session until it is verified (amr otp)', async () => {
      const phone = newPhone();
      const { data, error } = await supabaseClient(target).auth.signUp({ phone, password: 'hunter22' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.phone_confirmed_at).toBeUndefined();
      const early = await supabaseClient(target).auth.signInWithPassword({ phone, password: 'hunter22' });
      expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });
      const verified = await supabaseClient(target).auth.verifyOtp({ phone, token: await latestCode(target, phone), type: 'sms' });
      expect(verified.error).toBeNull();
      expect(decodeJwt(verified.data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
      const wrong = await supabaseClient(target).auth.signInWithPassword({ phone, password: 'hunter23' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    });
  }
});
