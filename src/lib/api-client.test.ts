// The API client's rules from PRODUCT §7 and credentials, when a JSON body is sent, the
// Bearer token of a signed-in caller (none for a visitor), the error text, the visitor-facing
// message, how query keys become URLs, and 401 → null when asked.
import { z } from 'zod';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';
import {
  ApiError,
  apiJson,
  apiRequest,
  getByKey,
  urlFromQueryKey,
  userMessage,
} from './api-client.ts';

const getAccessToken = vi.hoisted(() => vi.fn(async (): Promise<string | null> => 'token-of-ann'));
const forgetEndedSession = vi.hoisted(() =>
  vi.fn(async () => localStorage.removeItem('village-rewards-auth')),
);
vi.mock('./supabase.ts', () => ({ getAccessToken, forgetEndedSession }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  getAccessToken.mockClear();
  forgetEndedSession.mockClear();
});

function stub(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends cookies, and a JSON content type and body only with a payload', async () => {
    const fetchMock = stub(new Response('{}'));
    await apiRequest('POST', '/api/customers', { name: 'Ann' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/customers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Ann"}',
      credentials: 'include',
    });
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock.mock.lastCall![1]).toEqual({
      method: 'POST',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('sends no Authorization header for a visitor, without loading supabase-js', async () => {
    const fetchMock = stub(new Response('{}'));
    await apiRequest('GET', '/api/locations');
    expect(fetchMock.mock.lastCall![1]!.headers).toEqual({});
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it("sends the signed-in caller's access token as a Bearer token", async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"stored"}');
    const fetchMock = stub(new Response('{}'));
    await apiRequest('POST', '/api/rewards/redeem', { customerRewardId: 'x' });
    expect(fetchMock.mock.lastCall![1]!.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-of-ann',
    });
  });

  it('sends no Authorization header when the stored session could not be refreshed', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    getAccessToken.mockResolvedValueOnce(null);
    const fetchMock = stub(new Response('{}'));
    await apiRequest('GET', '/api/me');
    expect(fetchMock.mock.lastCall![1]!.headers).toEqual({});
  });

  it('forgets a session the server ended when a read is refused, and reads again as a visitor', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"revoked"}');
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      (init?.headers as Record<string, string>).Authorization
        ? new Response('{"error":{"code":"unauthorized"}}', { status: 401 })
        : new Response('[]'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const response = await apiRequest('GET', '/api/locations');
    expect(await response.json()).toEqual([]);
    expect(forgetEndedSession).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map((call) => call[1]!.headers)).toEqual([
      { Authorization: 'Bearer token-of-ann' },
      {},
    ]);
  });

  it('keeps the session when a write is refused (a wrong code), and when a visitor is refused', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"live"}');
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('{"error":{"code":"unauthorized"}}', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/customer/phone/verify', { code: '000000' })).rejects.toThrow(/^401/);
    expect(forgetEndedSession).not.toHaveBeenCalled();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    localStorage.clear();
    await expect(apiRequest('GET', '/api/customer/me')).rejects.toThrow(/^401/);
    expect(forgetEndedSession).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('throws "<status>: <body>" for a failed response, or the status text for an empty body', async () => {
    stub(
      new Response('{"error":{"code":"conflict","message":"already exists"}}', {
        status: 409,
        statusText: 'Conflict',
      }),
    );
    await expect(apiRequest('POST', '/api/customers', {})).rejects.toThrow(
      '409: {"error":{"code":"conflict","message":"already exists"}}',
    );
    stub(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/me')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('what a visitor reads', () => {
  it("is the API's error.message, never the JSON body or the status", async () => {
    stub(
      new Response(
        JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'Phone must be a 10-digit US number',
            fields: { phone: ['bad'] },
          },
        }),
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await apiRequest('POST', '/api/customers', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(userMessage(error)).toBe('Phone must be a 10-digit US number');
    expect((error as ApiError).code).toBe('invalid_input');
    expect((error as ApiError).fields).toEqual({ phone: ['bad'] });
  });

  it('is a plain sentence for a body without a message, a network failure or anything else', async () => {
    stub(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('GET', '/api/me').catch((caught: unknown) => caught);
    expect(userMessage(error)).toBe('Something went wrong. Please try again.');
    expect(userMessage(new TypeError('Failed to fetch'))).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
    expect(userMessage(new Error('{"raw":"json"}'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it("never a validator's or framework's raw words, even when an answer carries them", () => {
    const answer = (status: number, error: unknown) => new ApiError(status, JSON.stringify({ error }), 'x');
    const raw = answer(400, {
      code: 'invalid_input',
      message: 'Invalid query',
      fields: { message: ['Too big: expected string to have <=5000 characters'], name: ['Name is required'] },
    });
    expect(userMessage(raw)).toBe('Please check the message.');
    expect(raw.fields).toEqual({ message: ['Please check the message.'], name: ['Name is required'] });
    expect(userMessage(answer(400, { code: 'invalid_input', message: 'Invalid body' }))).toBe(
      'Some of what was entered is not valid. Please check it and try again.',
    );
    expect(userMessage(answer(500, { code: 'internal', message: 'Internal error' }))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(userMessage(answer(413, { code: 'payload_too_large', message: 'The body is larger than 16 KB.' }))).toBe(
      'That is too much to send at once. Please shorten it and try again.',
    );
    // The API's own sentences pass through.
    expect(userMessage(answer(400, { code: 'invalid_input', message: 'The message is too long: use at most 5000 characters.' }))).toBe(
      'The message is too long: use at most 5000 characters.',
    );
  });
});

describe('parsed answers', () => {
  it('parses the JSON with the contract and refuses an answer that does not fit', async () => {
    const Schema = z.object({ token: z.string() });
    stub(new Response('{"token":"abc","extra":1}'));
    await expect(apiJson(Schema, 'POST', '/api/checkin/start', {})).resolves.toEqual({
      token: 'abc',
    });
    stub(new Response('{"token":42}'));
    await expect(apiJson(Schema, 'POST', '/api/checkin/start', {})).rejects.toThrow();
  });
});

describe('query keys', () => {
  it('joins key parts with "/"', () => {
    expect(urlFromQueryKey(['/api/admin', 'activity'])).toBe('/api/admin/activity');
    expect(urlFromQueryKey(['/api/me'])).toBe('/api/me');
  });

  it('turns a two-part key with an object into a path and its non-null query parameters', () => {
    expect(
      urlFromQueryKey([
        '/api/admin/metrics',
        { location: null, range: '7days', search: undefined },
      ]),
    ).toBe('/api/admin/metrics?range=7days');
    expect(
      urlFromQueryKey(['/api/admin/customers', { search: 'ann smith', location: 'creamery' }]),
    ).toBe('/api/admin/customers?search=ann+smith&location=creamery');
    expect(urlFromQueryKey(['/api/admin/customers', {}])).toBe('/api/admin/customers');
  });

  it('answers null for a 401 when configured to, and fails by default', async () => {
    const Schema = z.object({ ok: z.boolean() });
    stub(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    await expect(getByKey(Schema, ['/api/me'], { on401: 'returnNull' })).resolves.toBeNull();
    stub(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    await expect(getByKey(Schema, ['/api/me'])).rejects.toThrow('401: Unauthorized');
    stub(new Response('{"ok":true}'));
    await expect(getByKey(Schema, ['/api/me'])).resolves.toEqual({ ok: true });
  });
});
