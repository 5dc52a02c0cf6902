// The fuzz suite: every endpoint of the registry gets generated requests (callers real and forged,
// hostile params, queries, bodies, Content-Types, headers) → never a 5xx, only its documented 4xx
// in the API's error shape, or its 2xx; afterwards the invariants of docs/RULES.md hold in SQL.
// FUZZ_SEED and FUZZ_RUNS (cases per endpoint) override the fixed defaults; the seed is printed.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { inMemorySigningKeys, type SigningKeys } from '../../dev/keys.ts';
import { ErrorBody } from '../../supabase/functions/_shared/contract.ts';
import type { Endpoint } from '../../supabase/functions/_shared/endpoint.ts';
import { endpoints } from '../../supabase/functions/_shared/endpoints.ts';
import { createKiosk, createMember, createOwner, createStaff, recordVisit, signUp, startKioskCheckin } from '../support/api-factories.ts';
import type { ApiHarness, DatabaseKind, HarnessOptions } from '../support/api-harness.ts';
import { useHarness } from '../api/suites/harness.ts';
import { brokenInvariants, SOUND } from './invariants.ts';
import { requestFor, type Fixtures, type FuzzRequest } from './requests.ts';
import { authorizations, type Authorization } from './tokens.ts';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** A seed per endpoint, so adding an endpoint leaves the others' cases as they were. */
function seedOf(id: string): number {
  let hash = FUZZ_SEED | 0;
  for (const c of id) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

/** Answers seen per endpoint, printed at the end: how deep the cases got (2xx) and how they failed. */
const seen = new Map<string, Record<number, number>>();
function tally(endpoint: Endpoint, status: number) {
  const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  const counts = seen.get(key) ?? {};
  counts[status] = (counts[status] ?? 0) + 1;
  seen.set(key, counts);
}

/** What is wrong with the answer to `request`, or undefined when it is one the endpoint may give. */
async function verdict(h: ApiHarness, endpoint: Endpoint, request: FuzzRequest): Promise<string | undefined> {
  const response = await h.app.request(request.path, {
    method: endpoint.method.toUpperCase(),
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  // A CSV export answers its declared 2xx as text/csv, not JSON; its failures are JSON like any other.
  if (endpoint.contentType === 'text/csv' && response.status === endpoint.status) {
    tally(endpoint, response.status);
    const type = response.headers.get('content-type') ?? '';
    return type.startsWith('text/csv') ? undefined : `${response.status} with content type ${type}, not text/csv`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `${response.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  tally(endpoint, response.status);
  // No outage is staged here: even the 503 every endpoint documents for one would be a bug.
  if (response.status >= 500) return `${response.status}: ${text.slice(0, 300)}`;
  if (response.status === endpoint.status) return undefined;
  if (response.status < 400) return `${response.status}, not the declared ${endpoint.status}`;
  if (!(response.status in endpoint.errors)) return `${response.status} (not documented): ${text.slice(0, 300)}`;
  if (!ErrorBody.safeParse(json).success) return `${response.status} without the error shape: ${text.slice(0, 300)}`;
  return undefined;
}

/** The rows and tokens the plausible values point at: a member with a visit and a reward, a pending check-in. */
async function arrange(h: ApiHarness, keys: SigningKeys): Promise<{ fixtures: Fixtures; auths: Authorization[] }> {
  const kiosk = await createKiosk(h, 'creamery');
  const member = await createMember(h);
  const other = await signUp(h);
  const staff = await createStaff(h, 'creamery');
  const admin = await h.adminToken();
  const approved = await recordVisit(h, admin, member.id, 'museum');
  const pending = await startKioskCheckin(h, kiosk, other.phone);
  const rewards = await h.db.sql<{ id: string }[]>`select id from public.customer_rewards where customer_id = ${member.id}`;
  const visits = await h.db.sql<{ id: string }[]>`select id from public.visits where customer_id = ${member.id}`;
  const fixtures: Fixtures = {
    customerIds: [member.id, other.id],
    customerRewardIds: rewards.map((r) => r.id),
    visitIds: visits.map((v) => v.id),
    phones: [member.phone, other.phone],
    checkinTokens: [pending, 'not-a-token'],
  };
  expect(approved.pointsEarned).toBe(5);
  const owner = await createOwner(h, 'creamery');
  const auths = await authorizations({ kiosk: kiosk.token, member: member.token, staff, owner, admin }, keys, h.auth.anonKey);
  return { fixtures, auths };
}

export function fuzzSuite(kind: DatabaseKind, defaultRuns: number) {
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  describe(`fuzzing every endpoint (${kind}, seed ${FUZZ_SEED}, ${runs} cases each)`, { timeout: 600_000 }, () => {
    // The stand-in signs with a key made here, so the suite can mint expired and forged-claim tokens.
    const options: HarnessOptions = {};
    beforeAll(async () => {
      options.keys = await inMemorySigningKeys();
    });
    const h = useHarness(kind, options);
    let arranged: Promise<Awaited<ReturnType<typeof arrange>>> | undefined;
    const ready = () => (arranged ??= arrange(h(), options.keys!));

    it('prints its seed so a failure can be replayed', () => {
      console.log(`fuzz: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${runs} (${kind}); replay a failure with the same values`);
      expect(Number.isInteger(FUZZ_SEED)).toBe(true);
    });

    for (const [id, endpoint] of Object.entries(endpoints)) {
      it(`${id}: ${endpoint.method.toUpperCase()} ${endpoint.path} answers its 2xx or a documented 4xx`, async () => {
        const { fixtures, auths } = await ready();
        // Signing out would end the real tokens the other cases use: logout gets only forged ones.
        const callers = endpoint.path === '/api/auth/logout' ? auths.filter((a) => !a.role || a.role === 'anon') : auths;
        await fc.assert(
          fc.asyncProperty(requestFor(endpoint, fixtures, callers), async (request) => {
            const problem = await verdict(h(), endpoint, request);
            if (problem) throw new Error(`${problem}\n  as ${request.auth.label}: ${request.path}\n  headers ${JSON.stringify(request.headers)}\n  body ${JSON.stringify(request.body?.slice(0, 500))}`);
          }),
          { seed: seedOf(id), numRuns: runs, endOnFailure: false, interruptAfterTimeLimit: 240_000 },
        );
      });
    }

    it('answers other methods and mangled paths under /api with JSON, never a 5xx', async () => {
      const { auths } = await ready();
      const paths = Object.values(endpoints).map((e) => e.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'));
      const mangled = fc.tuple(fc.constantFrom(...paths), fc.constantFrom('', '/', '//', '/..', '/%2e%2e/me', '.json', '%00', '?a=1&a=2', '#x', '/x'.repeat(50)))
        .map(([path, tail]) => `${path}${tail}`);
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');
      await fc.assert(
        fc.asyncProperty(mangled, method, fc.constantFrom(...auths), async (path, verb, auth) => {
          const response = await h().app.request(path, { method: verb, headers: auth.header ? { authorization: auth.header } : {} });
          const text = await response.text();
          tally({ method: 'any', path: '/api/… (mangled)' } as unknown as Endpoint, response.status);
          if (response.status >= 500) throw new Error(`${verb} ${path} as ${auth.label}: ${response.status} ${text.slice(0, 300)}`);
          if (response.status >= 400 && verb !== 'HEAD' && !ErrorBody.safeParse(JSON.parse(text)).success) {
            throw new Error(`${verb} ${path}: ${response.status} without the error shape: ${text.slice(0, 300)}`);
          }
        }),
        { seed: seedOf('mangled'), numRuns: runs * 2 },
      );
    });

    it('leaves every invariant of docs/RULES.md holding', async () => {
      await ready();
      const total = [...seen.values()].reduce((sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0), 0);
      console.log(`fuzz (${kind}): ${total} requests; answers by endpoint:\n${[...seen].map(([key, counts]) => `  ${key} ${JSON.stringify(counts)}`).join('\n')}`);
      expect(await brokenInvariants(h().db.sql)).toEqual(SOUND);
    });
  });
}
