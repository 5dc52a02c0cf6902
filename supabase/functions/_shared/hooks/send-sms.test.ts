// The Send SMS hook's door: only calls signed with the hook's secret are read.
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db.ts';
import { Hono } from 'hono';
import { sendSmsHook } from './send-sms.ts';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';

const SECRET = `v1,whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
const OTHER = `v1,whsec_${Buffer.from('another secret, thirty-two bytes').toString('base64')}`;
const PAYLOAD = JSON.stringify({ user: { phone: '13125550100' }, sms: { otp: '123456' } });

/** The database as the hook sees it: each webhook-id is new once; a code is counted at a fixed time. */
function fakeDatabase() {
  const seen = new Set<string>();
  return vi.fn(async (fn: string, args?: Record<string, unknown>) => {
    if (fn !== 'app.webhook_first_receipt') return '2026-11-25 20:00:00+00';
    const key = String(args?.p_id);
    const first = !seen.has(key);
    seen.add(key);
    return first;
  });
}

function hookApp(callAsService = fakeDatabase(), send = vi.fn(async () => {})) {
  const db = { callAsService } as unknown as Db;
  const app = new Hono().post('/hook', sendSmsHook({ db, secrets: [SECRET], sms: { send } }));
  return { app, callAsService, send };
}

describe('Standard Webhooks signatures', () => {
  it('accepts its own signature and refuses another secret, another body or an old timestamp', async () => {
    const headers = await signWebhook(SECRET, 'msg_1', PAYLOAD);
    const read = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'] };
    expect(await verifyWebhook([SECRET], read, PAYLOAD)).toBe(true);
    expect(await verifyWebhook([OTHER, SECRET], { ...read, signature: `v1,bogus, ${read.signature}` }, PAYLOAD)).toBe(true);
    expect(await verifyWebhook([OTHER], read, PAYLOAD)).toBe(false);
    expect(await verifyWebhook([SECRET], read, `${PAYLOAD} `)).toBe(false);
    expect(await verifyWebhook([SECRET], read, PAYLOAD, new Date(Date.now() + 10 * 60_000))).toBe(false);
  });
});

describe('POST /api/hooks/send-sms', () => {
  it('refuses an unsigned call with 401 and counts and sends nothing', async () => {
    const { app, callAsService, send } = hookApp();
    const response = await app.request('/hook', { method: 'POST', body: PAYLOAD, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
    expect(callAsService).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('counts the code, then sends it, answering 200 {}', async () => {
    const { app, callAsService, send } = hookApp();
    const response = await app.request('/hook', { method: 'POST', body: PAYLOAD, headers: await signWebhook(SECRET, 'msg_2', PAYLOAD) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(callAsService).toHaveBeenCalledWith('app.webhook_first_receipt', { p_source: 'auth_send_sms', p_id: 'msg_2' });
    expect(callAsService).toHaveBeenCalledWith('app.sign_in_code_sending', { p_phone: '+13125550100' });
    expect(send).toHaveBeenCalledWith('+13125550100', 'Your Village Rewards code is 123456', '123456');
  });

  it('refuses a second call with the same webhook-id (409) and neither counts nor sends again', async () => {
    const { app, callAsService, send } = hookApp();
    const headers = await signWebhook(SECRET, 'msg_replayed', PAYLOAD);
    expect((await app.request('/hook', { method: 'POST', body: PAYLOAD, headers })).status).toBe(200);
    const replay = await app.request('/hook', { method: 'POST', body: PAYLOAD, headers });
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(/already received/);
    expect(callAsService.mock.calls.filter(([fn]) => fn === 'app.sign_in_code_sending')).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('takes the count back and refuses (200 with an error object) when the provider fails', async () => {
    const { app, callAsService } = hookApp(undefined, vi.fn(async () => { throw new Error('down'); }));
    const response = await app.request('/hook', { method: 'POST', body: PAYLOAD, headers: await signWebhook(SECRET, 'msg_3', PAYLOAD) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { error: { http_code: number } }).error.http_code).toBe(502);
    expect(callAsService).toHaveBeenLastCalledWith('app.sign_in_code_not_sent', { p_phone: '+13125550100', p_at: '2026-11-25 20:00:00+00' });
  });
});
