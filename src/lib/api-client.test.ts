// The API client's rules from SPEC §7: credentials, when a JSON body is sent, the error text,
// how query keys become URLs, and 401 → null when asked.
import { QueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn, urlFromQueryKey } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('throws "<status>: <body>" for a failed response, or the status text for an empty body', async () => {
    stub(
      new Response('{"error":{"message":"already exists"}}', {
        status: 409,
        statusText: 'Conflict',
      }),
    );
    await expect(apiRequest('POST', '/api/customers', {})).rejects.toThrow(
      '409: {"error":{"message":"already exists"}}',
    );
    stub(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/me')).rejects.toThrow('503: Service Unavailable');
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
    const client = new QueryClient();
    stub(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const lenient = getQueryFn<unknown>({ on401: 'returnNull' });
    await expect(
      client.fetchQuery({ queryKey: ['/api/me'], queryFn: lenient }),
    ).resolves.toBeNull();
    stub(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const strict = getQueryFn<unknown>({ on401: 'throw' });
    await expect(
      client.fetchQuery({ queryKey: ['/api/me', 'x'], queryFn: strict }),
    ).rejects.toThrow('401: Unauthorized');
  });
});
