// Calls built from the endpoints' shared declarations: the method and path come from the endpoint
// (contract/endpoints.ts), path parameters are encoded, the query keeps its non-null entries, a
// body and extra headers go only when given, and the answer is parsed with the schema
// contract/routes.ts declares for it (the contract loads beside the first request).
import { callEndpoint, endpoints, endpointUrl, answerOn401 } from './api-client.ts';

vi.mock('./supabase.ts', () => ({
  getAccessToken: async () => null,
  forgetEndedSession: async () => {},
}));

afterEach(() => vi.unstubAllGlobals());

function stub(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

it('fills path parameters (encoded) and appends the non-null query entries', () => {
  expect(endpointUrl(endpoints.adminKiosks, { params: { locationId: 'mill st/1' } })).toBe(
    '/api/admin/locations/mill%20st%2F1/kiosks',
  );
  expect(endpointUrl(endpoints.adminActivity, { query: { limit: 5, location: undefined } })).toBe(
    '/api/admin/activity?limit=5',
  );
  expect(endpointUrl(endpoints.locations)).toBe('/api/locations');
});

it('sends the route method with the body and headers given, and parses the answer', async () => {
  const fetchMock = stub(201, {
    code: 'ABC123',
    qrValue: 'redeem:ABC123',
    expiresAt: '2026-11-20T15:02:00Z',
    reward: {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Free Scoop',
      scope: 'location',
      businessName: 'Village Creamery',
    },
  });
  const answer = await callEndpoint(endpoints.startRedemption, {
    body: { customerRewardId: '11111111-1111-4111-8111-111111111111' },
    headers: { 'Idempotency-Key': 'key-12345678' },
  });
  expect(answer).toMatchObject({ code: 'ABC123' });
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/rewards/redemption-code');
  expect(init?.method).toBe('POST');
  expect(init?.body).toBe(
    JSON.stringify({ customerRewardId: '11111111-1111-4111-8111-111111111111' }),
  );
  expect(init?.headers).toMatchObject({
    'Idempotency-Key': 'key-12345678',
    'Content-Type': 'application/json',
  });
});

it('sends no body when none is given, and refuses an answer that breaks the schema', async () => {
  const fetchMock = stub(200, { nothing: true });
  await expect(callEndpoint(endpoints.logout)).rejects.toThrow();
  const [, init] = fetchMock.mock.calls[0]!;
  expect(init?.method).toBe('POST');
  expect(init?.body).toBeUndefined();
});

it('answers null for a 401 only when asked to', async () => {
  stub(401, { error: { code: 'unauthorized', message: 'Sign in' } });
  expect(await answerOn401(callEndpoint(endpoints.me), 'returnNull')).toBeNull();
  await expect(answerOn401(callEndpoint(endpoints.me), 'throw')).rejects.toThrow('401');
});
