// POST /api/customers (sign-up from the join pages and the kiosk) and POST /api/contact.
import { describe, expect, it } from 'vitest';
import { CreateCustomerResponse, SMS_CONSENT_TEXT } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, nextPhone, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { HUGE_TEXT, NOT_AN_OBJECT, useHarness } from './harness.ts';

export function customersSuite(kind: DatabaseKind) {
  describe(`POST /api/customers (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const customersWithPhone = async (phone: string) =>
      h().db.sql<{ name: string; email: string | null; sms_consent: boolean; signup_channel: string; signup_location_id: string | null }[]>`
        select name, email, sms_consent, signup_channel, signup_location_id from public.customers where phone = ${`+1${phone}`}`;

    it('signs up a visitor on the general join page, without a welcome reward', async () => {
      const phone = nextPhone();
      const response = await h().call('POST', '/api/customers', {
        body: { name: 'Ann Lee', phone, email: 'ann@example.com', smsConsent: true, emailConsent: false },
      });
      const created = bodyOf(response, CreateCustomerResponse, 201);
      expect(created.welcomeReward).toBeNull();
      expect(created.customer.name).toBe('Ann Lee');
      expect(await customersWithPhone(phone)).toEqual([
        // The box ticked on a form waits for the phone to confirm it.
        { name: 'Ann Lee', email: 'ann@example.com', sms_consent: false, signup_channel: 'web', signup_location_id: null },
      ]);
    });

    it("answers a business's welcome reward on its join page", async () => {
      const phone = nextPhone();
      const response = await h().call('POST', '/api/customers', {
        body: { name: 'Bo', phone, smsConsent: false, emailConsent: false, locationId: 'joanies' },
      });
      expect(bodyOf(response, CreateCustomerResponse, 201).welcomeReward?.name).toBe('Free Garlic Bread');
      expect((await customersWithPhone(phone))[0]?.signup_channel).toBe('business');
    });

    it('records a kiosk sign-up as a kiosk sign-up', async () => {
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      const phone = nextPhone();
      const response = await h().call('POST', '/api/customers', {
        token: kiosk.token,
        body: { name: 'Cy', phone, smsConsent: true, emailConsent: false, locationId: 'creamery' },
      });
      expect(bodyOf(response, CreateCustomerResponse, 201).welcomeReward?.name).toBe('Free Ice Cream Scoop');
      expect((await customersWithPhone(phone))[0]?.signup_channel).toBe('kiosk');
    });

    it('refuses a name of invisible characters (400 naming the field) and stores the cleaned name', async () => {
      const phone = nextPhone();
      const invisible = await h().call('POST', '/api/customers', { body: { name: '\u200b\u200b\u2060 ', phone } });
      expect(invisible.status).toBe(400);
      expect(invisible.error?.fields).toEqual({ name: ['Name needs at least one visible character'] });
      expect(await customersWithPhone(phone)).toEqual([]);
      const cleaned = await h().call('POST', '/api/customers', { body: { name: '\u200b Jose\u0301 \ufeff', phone } });
      expect(bodyOf(cleaned, CreateCustomerResponse, 201).customer.name).toBe('José');
      expect((await customersWithPhone(phone))[0]?.name).toBe('José');
    });

    it('takes the SMS consent wording only when it is the exact text the form shows', async () => {
      const phone = nextPhone();
      const altered = await h().call('POST', '/api/customers', {
        body: { name: 'Ed', phone, smsConsent: true, smsConsentWording: `${SMS_CONSENT_TEXT} Or not.` },
      });
      expect(altered.status).toBe(400);
      expect(Object.keys(altered.error?.fields ?? {})).toEqual(['smsConsentWording']);
      const exact = await h().call('POST', '/api/customers', {
        body: { name: 'Ed', phone, smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT },
      });
      expect(exact.status).toBe(201);
      const consents = await h().db.sql<{ channel: string; wording: string }[]>`
        select k.channel, k.wording from public.consents k
          join public.customers c on c.id = k.customer_id where c.phone = ${`+1${phone}`}`;
      expect(consents).toEqual([{ channel: 'sms', wording: SMS_CONSENT_TEXT }]);
    });

    it('accepts a formatted phone and an empty email, storing digits and no email', async () => {
      const phone = nextPhone();
      const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
      const response = await h().call('POST', '/api/customers', { body: { name: 'Di', phone: formatted, email: '' } });
      expect(response.status).toBe(201);
      expect((await customersWithPhone(phone))[0]?.email).toBeNull();
    });

    it("answers 409 'already exists' for a phone that has an account, changing nothing", async () => {
      const first = await signUp(h(), { name: 'First' });
      const again = await h().call('POST', '/api/customers', { body: { name: 'Second', phone: `+1 ${first.phone}` } });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('conflict');
      expect(again.error?.message).toContain('already exists');
      expect((await customersWithPhone(first.phone)).map((c) => c.name)).toEqual(['First']);
    });

    it('answers 404 for an unknown business', async () => {
      const phone = nextPhone();
      const response = await h().call('POST', '/api/customers', { body: { name: 'Ed', phone, locationId: 'no-such-place' } });
      expect(response.status).toBe(404);
      expect(await customersWithPhone(phone)).toEqual([]);
    });

    const invalid: [string, unknown, string][] = [
      ['a missing name', { phone: '3125559001' }, 'name'],
      ['a blank name', { name: '   ', phone: '3125559001' }, 'name'],
      ['a missing phone', { name: 'Fay' }, 'phone'],
      ['a phone of 9 digits', { name: 'Fay', phone: '312555900' }, 'phone'],
      ['a phone with letters', { name: 'Fay', phone: '312555900a' }, 'phone'],
      ['a phone starting with 1', { name: 'Fay', phone: '1125559001' }, 'phone'],
      ['a number for a phone', { name: 'Fay', phone: 3125559001 }, 'phone'],
      ['a string for a consent', { name: 'Fay', phone: '3125559001', smsConsent: 'yes' }, 'smsConsent'],
      ['a bad email', { name: 'Fay', phone: '3125559001', email: 'not-an-email' }, 'email'],
      ['a huge name', { name: HUGE_TEXT, phone: '3125559001' }, 'name'],
      ['an unknown field', { name: 'Fay', phone: '3125559001', points: 500 }, 'points'],
      ['a malformed location', { name: 'Fay', phone: '3125559001', locationId: 'DROP TABLE' }, 'locationId'],
    ];
    it.each(invalid)('answers 400 naming the field for %s, creating nothing', async (_, body, field) => {
      const response = await h().call('POST', '/api/customers', { body });
      expect(response.status).toBe(400);
      expect(response.error?.code).toBe('invalid_input');
      expect(Object.keys(response.error?.fields ?? {})).toContain(field);
      expect(await customersWithPhone('3125559001')).toEqual([]);
    });

    it.each(NOT_AN_OBJECT)('answers 400 for the JSON body %s', async (raw) => {
      expect((await h().call('POST', '/api/customers', { body: raw })).status).toBe(400);
    });

    it('lets a signed-in member sign up again only with a new phone', async () => {
      const member = await createMember(h());
      const response = await h().call('POST', '/api/customers', { token: member.token, body: { name: 'X', phone: member.phone } });
      expect(response.status).toBe(409);
    });

    it('limits sign-ups per IP address and per kiosk, answering 429 with Retry-After', async () => {
      const tight = h().appWith({ rateLimits: { customersPerClient: { limit: 2, windowSeconds: 3600 } } });
      const from = (ip: string, token?: string) =>
        callApp(tight, 'POST', '/api/customers', {
          token,
          headers: { 'cf-connecting-ip': ip },
          body: { name: 'Rate', phone: nextPhone() },
        });
      expect((await from('203.0.113.7')).status).toBe(201);
      expect((await from('203.0.113.7')).status).toBe(201);
      const limited = await from('203.0.113.7');
      expect(limited.status).toBe(429);
      expect(limited.error?.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await from('203.0.113.8')).status).toBe(201);
      // A kiosk is counted by device, not by the shop's shared address.
      const kiosk = await createKiosk(h(), 'museum', { enrolled: false });
      expect((await from('203.0.113.7', kiosk.token)).status).toBe(201);
    });
  });

  describe(`POST /api/contact (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);

    it('stores a contact message', async () => {
      const response = await h().call('POST', '/api/contact', {
        body: { name: 'Gus', email: 'gus@example.com', subject: 'Hours', message: 'Open Sundays?' },
      });
      expect(response.status).toBe(201);
      const rows = await h().db.sql`select name, subject, message from public.contact_messages`;
      expect(rows).toEqual([{ name: 'Gus', subject: 'Hours', message: 'Open Sundays?' }]);
    });

    it('answers 400 for a message without an email or text', async () => {
      const before = await h().db.sql`select count(*)::int as n from public.contact_messages`;
      expect((await h().call('POST', '/api/contact', { body: { name: 'Gus', message: 'Hi' } })).status).toBe(400);
      expect((await h().call('POST', '/api/contact', { body: { name: 'Gus', email: 'g@example.com', message: ' ' } })).status).toBe(400);
      expect(await h().db.sql`select count(*)::int as n from public.contact_messages`).toEqual(before);
    });

    it('limits messages per IP address', async () => {
      const tight = h().appWith({ rateLimits: { contactPerIp: { limit: 1, windowSeconds: 3600 } } });
      const send = () =>
        callApp(tight, 'POST', '/api/contact', {
          headers: { 'cf-connecting-ip': '198.51.100.4' },
          body: { name: 'Gus', email: 'gus@example.com', message: 'Again' },
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
    });
  });
}
