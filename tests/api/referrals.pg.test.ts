// "Bring a neighbour" through the API on real Postgres: the member's code, the join page's check of a
// code (limited per client address), a sign-up with a code (an unknown one never stops it), the
// mobile sign-up with a code, the operator's setting, the bonus at the first approved visit and the
// flag beside the velocity flags.
import {
  CreateCustomerResponse,
  MyDataExport,
  MyReferral,
  ReferralCodeCheck,
  ReferralSettings,
  VelocityFlagsResponse,
  VerifyCodeResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../support/api-client.ts';
import { createMember, nextPhone, recordVisit, signUp } from '../support/api-factories.ts';
import { latestSmsCode } from '../support/auth-client.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');

describe('bring a neighbour through the API', { timeout: 120_000 }, () => {
  it("joins with a code, pays both at the first visit, and counts it on the referrer's account", async () => {
    const admin = await h().adminToken();
    const referrer = await createMember(h());
    const mine = bodyOf(
      await h().call('GET', '/api/me/referral', { token: referrer.token }),
      MyReferral,
    );
    expect(mine).toMatchObject({
      path: `/join?ref=${mine.code}`,
      joined: 0,
      rewarded: 0,
      bonusPoints: 0,
    });
    expect(mine.code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);

    expect(
      bodyOf(await h().call('GET', `/api/referrals/${mine.code.toLowerCase()}`), ReferralCodeCheck),
    ).toEqual({ valid: true, bonusPoints: 0 });
    expect(bodyOf(await h().call('GET', '/api/referrals/ZZZZZZ'), ReferralCodeCheck)).toEqual({
      valid: false,
      bonusPoints: 0,
    });

    const settings = { bonusPoints: 10, bonusesPerMonth: 5, flagJoinsPerDay: 5 };
    expect(
      bodyOf(
        await h().call('PUT', '/api/admin/referrals', { token: admin, body: settings }),
        ReferralSettings,
      ),
    ).toEqual(settings);
    expect(
      bodyOf(await h().call('GET', '/api/admin/referrals', { token: admin }), ReferralSettings),
    ).toEqual(settings);

    const joined = bodyOf(
      await h().call('POST', '/api/customers', {
        body: { name: 'Nell Neighbour', phone: nextPhone(), referralCode: mine.code },
      }),
      CreateCustomerResponse,
      201,
    );
    expect(joined.referral).toBe('accepted');
    const stranger = await h().call('POST', '/api/customers', {
      body: { name: 'Sam', phone: nextPhone(), referralCode: 'NOPE22' },
    });
    expect(bodyOf(stranger, CreateCustomerResponse, 201).referral).toBe('invalid');
    const plain = await h().call('POST', '/api/customers', {
      body: { name: 'Pat', phone: nextPhone() },
    });
    expect(bodyOf(plain, CreateCustomerResponse, 201).referral).toBeNull();

    const visit = await recordVisit(h(), admin, joined.customer.id, 'creamery');
    expect(visit).toMatchObject({ pointsEarned: 5, totalPoints: 15, referralBonus: 10 });
    expect(
      bodyOf(await h().call('GET', '/api/me/referral', { token: referrer.token }), MyReferral),
    ).toMatchObject({ joined: 1, rewarded: 1, bonusPoints: 10 });
    const ledger = await h().db.sql<{ event: string; points: number }[]>`
      select event, points from public.points_ledger where customer_id = ${referrer.id} and event like 'referral%'`;
    expect(ledger).toEqual([{ event: 'referral_bonus', points: 10 }]);

    await h().call('PUT', '/api/admin/referrals', {
      token: admin,
      body: { ...settings, bonusPoints: 0 },
    });
  });

  it('records a code given with the mobile sign-up', async () => {
    const referrer = await createMember(h());
    const { code } = bodyOf(
      await h().call('GET', '/api/me/referral', { token: referrer.token }),
      MyReferral,
    );
    const phone = nextPhone();
    expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
    const sms = await latestSmsCode(h().auth, phone);
    const verified = bodyOf(
      await h().call('POST', '/api/auth/verify', {
        body: { phone, code: sms, name: 'Mo Bile', referralCode: code },
      }),
      VerifyCodeResponse,
    );
    expect(verified).toMatchObject({ created: true, referral: 'accepted' });
    const [row] = await h().db.sql<{ status: string }[]>`
      select status from private.referrals where referred_id = ${verified.customer!.id}`;
    expect(row?.status).toBe('pending');
  });

  it('flags a referrer beside the velocity flags', async () => {
    const admin = await h().adminToken();
    await h().call('PUT', '/api/admin/referrals', {
      token: admin,
      body: { bonusPoints: 0, bonusesPerMonth: 5, flagJoinsPerDay: 2 },
    });
    const referrer = await createMember(h());
    const { code } = bodyOf(
      await h().call('GET', '/api/me/referral', { token: referrer.token }),
      MyReferral,
    );
    for (let i = 0; i < 2; i += 1) {
      await h().call('POST', '/api/customers', {
        body: { name: 'Quick', phone: nextPhone(), referralCode: code },
      });
    }
    const flags = bodyOf(
      await h().call('GET', '/api/admin/flags', { token: admin }),
      VelocityFlagsResponse,
    );
    expect(flags.find((f) => f.customerId === referrer.id)).toMatchObject({
      kind: 'referrals',
      joins: 2,
    });
  });

  it('limits code checks per client address; refuses the setting to anyone but an admin and out of range', async () => {
    const tight = h().appWith({
      rateLimits: { referralChecksPerIp: { limit: 2, windowSeconds: 3600 } },
    });
    const check = (ip: string) =>
      callApp(tight, 'GET', '/api/referrals/ABCDEF', { headers: { 'cf-connecting-ip': ip } });
    expect((await check('203.0.113.40')).status).toBe(200);
    expect((await check('203.0.113.40')).status).toBe(200);
    expect((await check('203.0.113.40')).status).toBe(429);
    expect((await check('203.0.113.41')).status).toBe(200);

    const admin = await h().adminToken();
    const member = await createMember(h());
    const body = { bonusPoints: 10, bonusesPerMonth: 5, flagJoinsPerDay: 5 };
    expect(
      (await h().call('PUT', '/api/admin/referrals', { token: member.token, body })).status,
    ).toBe(403);
    expect((await h().call('GET', '/api/admin/referrals')).status).toBe(401);
    expect(
      (
        await h().call('PUT', '/api/admin/referrals', {
          token: admin,
          body: { ...body, bonusPoints: 1001 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h().call('POST', '/api/customers', {
          body: { name: 'Long', phone: nextPhone(), referralCode: 'X'.repeat(40) },
        })
      ).status,
    ).toBe(400);
  });

  it('forgetting a member removes their code and every link to them; their phone rejoins without a bonus', async () => {
    const admin = await h().adminToken();
    await h().call('PUT', '/api/admin/referrals', {
      token: admin,
      body: { bonusPoints: 10, bonusesPerMonth: 5, flagJoinsPerDay: 5 },
    });
    const inviter = await createMember(h());
    const inviterCode = bodyOf(
      await h().call('GET', '/api/me/referral', { token: inviter.token }),
      MyReferral,
    ).code;
    const member = await createMember(h(), {
      name: 'Wilhelmina Forgetme',
      referralCode: inviterCode,
    });
    const { code } = bodyOf(
      await h().call('GET', '/api/me/referral', { token: member.token }),
      MyReferral,
    );
    const neighbour = await signUp(h(), { referralCode: code });
    // "Download my data" has it all.
    const exported = bodyOf(
      await h().call('GET', '/api/me/export', { token: member.token }),
      MyDataExport,
    );
    expect(exported.referral).toMatchObject({
      code,
      neighboursJoined: 1,
      neighboursRewarded: 0,
      joinedWithInvitation: { status: 'pending', reason: null },
    });

    const forgotten = await h().call('POST', `/api/admin/customers/${member.id}/forget`, {
      token: admin,
      body: { reason: 'Asked to be forgotten' },
    });
    expect(forgotten.status).toBe(200);
    expect(bodyOf(await h().call('GET', `/api/referrals/${code}`), ReferralCodeCheck).valid).toBe(
      false,
    );
    const links = await h().db.sql<{ n: number }[]>`
      select count(*)::int as n from private.referrals
       where referrer_id = ${member.id} or (referred_id in (${member.id}, ${neighbour.id}) and referrer_id is not null)`;
    expect(links[0]!.n).toBe(0);
    expect(
      await h().db.sql`select 1 from private.referral_codes where customer_id = ${member.id}`,
    ).toHaveLength(0);
    // Nothing of theirs in the referral tables, read as text.
    const text = await h().db.sql<{ t: string }[]>`
      select concat_ws(' ', (select string_agg(r::text, ' ') from private.referrals r),
                            (select string_agg(encode(f.fingerprint, 'escape'), ' ') from private.member_phone_fingerprints f),
                            (select string_agg(f::text, ' ') from private.referral_flags f)) as t`;
    expect(text[0]!.t).not.toContain(member.phone);
    expect(text[0]!.t).not.toContain('Wilhelmina');

    // The same phone joins again with the inviter's code: accepted, never a bonus.
    const back = bodyOf(
      await h().call('POST', '/api/customers', {
        body: { name: 'Back Again', phone: member.phone, referralCode: inviterCode },
      }),
      CreateCustomerResponse,
      201,
    );
    expect(back.referral).toBe('accepted');
    await recordVisit(h(), admin, back.customer.id, 'museum');
    const bonuses = await h().db
      .sql`select 1 from public.points_ledger where customer_id = ${back.customer.id} and event = 'referral_bonus'`;
    expect(bonuses).toHaveLength(0);
    await h().call('PUT', '/api/admin/referrals', {
      token: admin,
      body: { bonusPoints: 0, bonusesPerMonth: 5, flagJoinsPerDay: 5 },
    });
  });
});
