// One generated request for an endpoint of the registry: caller, path parameters, query, body,
// Content-Type and headers, built from the endpoint's own schemas so a new endpoint is fuzzed too.
import fc from 'fast-check';
import type { z } from 'zod';
import { SMS_CONSENT_TEXT } from '../../supabase/functions/_shared/contract.ts';
import type { Endpoint } from '../../supabase/functions/_shared/endpoint.ts';
import { contentType, encodeQuery, encodeSegment, headerValue, hostileString, hostileValue, rawBody } from './arbitraries.ts';
import type { Authorization } from './tokens.ts';

/** Real rows the plausible values point at, so that some cases get past validation. */
export interface Fixtures {
  customerIds: string[];
  customerRewardIds: string[];
  visitIds: string[];
  phones: string[];
  checkinTokens: string[];
}

export interface FuzzRequest {
  auth: Authorization;
  path: string;
  contentType?: string;
  body?: string;
  headers: Record<string, string>;
}

const LOCATIONS = ['creamery', 'museum', 'chatterbox', 'joanies', 'snackco', 'broken-bridge'];

/** The field names of an object schema, looking through pipes, effects and optionals. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  while (current) {
    const shape = (current as { shape?: Record<string, unknown> }).shape;
    if (shape) return Object.keys(shape);
    const def = (current as { _zod?: { def?: { in?: unknown; innerType?: unknown; schema?: unknown } } })._zod?.def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

/** A well-formed value for a field of this name (some of them point at real rows). */
function plausible(name: string, f: Fixtures): fc.Arbitrary<unknown> {
  const date = fc.date({ min: new Date('2019-06-01'), max: new Date('2027-06-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const uuid = (ids: string[]) => fc.oneof(fc.constantFrom(...ids), fc.uuid());
  const text = fc.oneof(fc.constantFrom('Fuzz', 'Ana María', 'O\'Brien'), fc.string({ minLength: 1, maxLength: 20 }));
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    locationId: fc.constantFrom(...LOCATIONS),
    location: fc.constantFrom(...LOCATIONS),
    phone: fc.oneof(fc.constantFrom(...f.phones), fc.integer({ min: 2_000_000_000, max: 9_999_999_999 }).map(String)),
    token: fc.oneof(fc.constantFrom(...f.checkinTokens), uuid(f.customerIds).map((id) => `customer:${id}`)),
    customerRewardId: uuid(f.customerRewardIds),
    customerId: uuid(f.customerIds),
    visitId: uuid(f.visitIds),
    flagId: fc.uuid(),
    code: fc.constantFrom('123456', '000000', 'abcdefgh', 'fuzz-enrolment-code'),
    email: fc.constantFrom('fuzz@example.com', '', 'a@b.co'),
    points: fc.integer({ min: -30, max: 30 }),
    range: fc.constantFrom('7days', '30days', '3months', 'custom'),
    from: date,
    to: date,
    limit: fc.integer({ min: 0, max: 200 }),
    smsConsent: fc.boolean(),
    emailConsent: fc.boolean(),
    includeDismissed: fc.boolean(),
    deviceFingerprint: fc.constantFrom('fp', 'kiosk-1'),
    smsConsentWording: fc.constant(SMS_CONSENT_TEXT),
    'idempotency-key': fc.oneof(fc.uuid().map((id) => `fuzz-${id}`), fc.constant('fuzz-shared-key')),
  };
  return byName[name] ?? text;
}

/** A field's value: mostly plausible, otherwise anything at all. */
const field = (name: string, f: Fixtures) =>
  fc.oneof({ weight: 3, arbitrary: plausible(name, f) }, { weight: 1, arbitrary: hostileValue });

/**
 * An object for a schema with these fields: all of them well-formed (to get past validation and
 * into the SQL), well-formed but for one field (wrong value, missing or one unknown field), or any
 * subset of anything.
 */
function objectOf(names: string[], f: Fixtures): fc.Arbitrary<Record<string, unknown>> {
  const valid = fc.record(Object.fromEntries(names.map((name) => [name, plausible(name, f)])));
  const unknownKey = fc.oneof(hostileString, fc.constantFrom('role', 'total_points', 'customerId', '__proto__', 'constructor'));
  const oneOff = fc
    .tuple(valid, fc.nat(), fc.oneof(hostileValue, fc.constant(undefined)), unknownKey)
    .map(([object, index, value, extra]) => {
      if (names.length === 0 || index % (names.length + 1) === names.length) return { ...object, [extra]: value ?? null };
      const name = names[index % names.length]!;
      const changed: Record<string, unknown> = { ...object, [name]: value };
      if (value === undefined) delete changed[name];
      return changed;
    });
  const known = fc.record(Object.fromEntries(names.map((name) => [name, field(name, f)])), { requiredKeys: [] });
  const chaos = fc
    .tuple(known, fc.option(fc.tuple(unknownKey, hostileValue), { freq: 4 }))
    .map(([object, more]) => (more ? { ...object, [more[0]]: more[1] } : object));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 3, arbitrary: oneOff }, { weight: 2, arbitrary: chaos });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

export function requestFor(endpoint: Endpoint, f: Fixtures, auths: Authorization[]): fc.Arbitrary<FuzzRequest> {
  // Mostly a caller the endpoint admits (to reach its SQL), otherwise anyone, forged tokens included.
  const admitted = auths.filter((a) => a.role && endpoint.roles.includes(a.role));
  const caller = admitted.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...admitted) }, { weight: 2, arbitrary: fc.constantFrom(...auths) })
    : fc.constantFrom(...auths);
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...paramNames.map((name) => fc.oneof({ weight: 3, arbitrary: plausible(name, f) }, { weight: 1, arbitrary: hostileValue }).map(asText)));
  const queryNames = fieldsOf(endpoint.query);
  const query = fc.oneof(
    { weight: queryNames.length > 0 ? 4 : 8, arbitrary: objectOf(queryNames, f).map((o) => Object.entries(o).map(([k, v]) => [k, asText(v)] as [string, string])) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryNames, 'x'), hostileString), hostileString.map(asText)), { maxLength: 4 }) },
  );
  const bodyNames = fieldsOf(endpoint.body);
  const body =
    endpoint.method === 'get'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 8, arbitrary: objectOf(bodyNames, f).map((o) => JSON.stringify(o)) },
          { weight: 1, arbitrary: rawBody },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
  const headerNames = fieldsOf(endpoint.headers);
  // Header names are tokens: only the declared ones and a few a proxy or browser adds.
  const headers = fc.tuple(
    fc.record(Object.fromEntries(headerNames.map((name) => [name, field(name, f)])), { requiredKeys: [] }),
    fc.option(fc.tuple(fc.constantFrom('x-forwarded-for', 'cf-connecting-ip', 'x-real-ip', 'origin', 'accept', 'x-client-info'), headerValue)),
  );
  return fc
    .record({ auth: caller, params, query, body, contentType, headers })
    .map(({ auth, params: values, query: entries, body: text, contentType: type, headers: [known, other] }) => {
      let path: string = endpoint.path;
      paramNames.forEach((name, i) => (path = path.replace(`:${name}`, encodeSegment(values[i]!))));
      const sent: Record<string, string> = {};
      for (const [name, value] of Object.entries(known)) {
        const clean = asText(value).replace(/[^\x20-\x7e\x80-\xff]/g, '').trim();
        if (clean) sent[name] = clean;
      }
      if (other) sent[other[0]] = other[1];
      if (auth.header !== undefined) sent.authorization = auth.header;
      if (text !== undefined && type) sent['content-type'] = type;
      return { auth, path: `${path}${encodeQuery(entries)}`, contentType: type, body: text, headers: sent };
    });
}
