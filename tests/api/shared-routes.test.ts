// Each endpoint is declared once for both sides: the api mounts it from its route in
// contract/routes.ts (the object the app calls with callEndpoint), never from a method, path or
// schema of its own. The OpenAPI document describes the list and is the one endpoint apps never call.
import { routes } from '../../supabase/functions/_shared/contract.ts';
import * as calls from '../../supabase/functions/_shared/contract/endpoints.ts';
import { endpointList } from '../../supabase/functions/_shared/endpoints.ts';

const shared = Object.values(routes).filter((route) => !route.path.startsWith('/api/hooks/'));
const mounted = endpointList.filter((endpoint) => endpoint.path !== '/api/openapi.json');

it('mounts every endpoint from its shared route, schemas and all', () => {
  for (const endpoint of mounted) {
    const route = shared.find((r) => r.method === endpoint.method && r.path === endpoint.path);
    expect(
      route,
      `${endpoint.method} ${endpoint.path} has no route in contract/routes.ts`,
    ).toBeDefined();
    for (const part of [
      'params',
      'query',
      'body',
      'headers',
      'response',
      'status',
      'contentType',
    ] as const) {
      expect(endpoint[part], `${endpoint.method} ${endpoint.path}: ${part}`).toBe(
        (route as Record<string, unknown>)[part],
      );
    }
  }
});

it("takes each route's method and path from the endpoint of its name, which the app calls", () => {
  const named = Object.entries(routes).filter(([, route]) => !route.path.startsWith('/api/hooks/'));
  expect(Object.keys(calls).sort()).toEqual(named.map(([name]) => name).sort());
  for (const [name, route] of named) {
    expect(calls[name as keyof typeof calls], name).toEqual({
      method: route.method,
      path: route.path,
    });
  }
});

it('declares no route the api does not mount', () => {
  expect(shared).toHaveLength(mounted.length);
});

it('declares the hooks under /api/hooks/, all POST', () => {
  const hooks = Object.values(routes).filter((route) => route.path.startsWith('/api/hooks/'));
  expect(hooks.map((hook) => `${hook.method} ${hook.path}`).sort()).toEqual([
    'post /api/hooks/send-sms',
    'post /api/hooks/texts/drain',
    'post /api/hooks/twilio/inbound',
    'post /api/hooks/twilio/status',
    'post /api/hooks/wallet/drain',
  ]);
});
