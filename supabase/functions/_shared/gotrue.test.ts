// The Supabase Auth gateway: what it sends, and how Auth's answers become API answers.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createGoTrueGateway } from './gotrue.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

function gatewayAnswering(status: number, body: unknown = {}) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  return { sent, gateway: createGoTrueGateway({ supabaseUrl: 'http://auth.test/', anonKey: 'anon', fetch }) };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: ApiError) => ({ status: error.status, retryAfter: error.retryAfterSeconds }),
  );

const SESSION = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 3600, user: { id: '22222222-2222-4222-8222-222222222222' } };

describe('the GoTrue gateway', () => {
  it('asks Auth for an SMS code to the E.164 phone, creating the user if new', async () => {
    const { sent, gateway } = gatewayAnswering(200);
    await gateway.sendOtp('+13125550100');
    expect(sent[0]?.url).toBe('http://auth.test/auth/v1/otp');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ phone: '+13125550100', create_user: true, channel: 'sms' });
    expect(sent[0]?.init.headers).toMatchObject({ apikey: 'anon', authorization: 'Bearer anon' });
  });

  it("passes Auth's own rate limit on as 429 with its wait", async () => {
    const { gateway } = gatewayAnswering(429, { msg: 'For security purposes, you can only request this after 42 seconds.' });
    expect(await failure(gateway.sendOtp('+13125550100'))).toEqual({ status: 429, retryAfter: 42 });
  });

  it('answers a refused code with 401 and an Auth outage with 503 and a Retry-After', async () => {
    expect(await failure(gatewayAnswering(403, { code: 'otp_expired' }).gateway.verifyOtp('+13125550100', '123456'))).toMatchObject({ status: 401 });
    expect(await failure(gatewayAnswering(500).gateway.verifyOtp('+13125550100', '123456'))).toEqual({ status: 503, retryAfter: 2 });
    const unreachable = createGoTrueGateway({
      supabaseUrl: 'http://auth.test',
      anonKey: 'anon',
      fetch: (() => Promise.reject(new TypeError('connection refused'))) as unknown as typeof fetch,
    });
    expect(await failure(unreachable.sendOtp('+13125550100'))).toEqual({ status: 503, retryAfter: 2 });
  });

  it('returns the session of a verified code', async () => {
    const { sent, gateway } = gatewayAnswering(200, SESSION);
    expect((await gateway.verifyOtp('+13125550100', '123456')).access_token).toBe('a');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ phone: '+13125550100', token: '123456', type: 'sms' });
  });

  it('signs out with the session token, counting an ended session as signed out', async () => {
    const { sent, gateway } = gatewayAnswering(204);
    await gateway.signOut('access');
    expect(sent[0]?.url).toBe('http://auth.test/auth/v1/logout?scope=local');
    expect(sent[0]?.init.headers).toMatchObject({ authorization: 'Bearer access' });
    await expect(gatewayAnswering(404).gateway.signOut('gone')).resolves.toBeUndefined();
  });
});
