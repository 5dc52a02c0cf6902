// fast-check generators of hostile input: strings an attacker or a broken client sends (NUL, lone
// surrogates, bidi and zero-width marks, huge), JSON of the wrong shape, and odd Content-Types.
import fc from 'fast-check';

/** Characters that break naive code: NUL, controls, lone surrogates, bidi, zero-width, BOM. */
const NASTY_CHARACTERS = [
  '\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u00a0', '\u00ad', '\u200b', '\u200c', '\u200d',
  '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\u2029', '\ufeff', '\ufffd',
  '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '\u0301', '\u0627', '\u05d0', '😀', '👨‍👩‍👧', '\n', '\r', '\t',
  "'", '"', '\\', '%', '%00', '%zz', '%ED%A0%80', '/', '..', ';', '--', '*', '?', '#', '&', '=', '+', '<', '>', '{', '}',
];

/** Fixed values that once broke something somewhere: SQL, numbers, dates, ids. */
const NASTY_STRINGS = [
  '', ' ', 'null', 'undefined', 'true', 'NaN', 'Infinity', '-0', '0', '-1', '1e309', '2147483648',
  '9223372036854775808', '0x10', '0001-01-01', '9999-12-31', '2020-02-30', '2026-13-01', '1970-01-01T00:00:00Z',
  "' or '1'='1", "'); drop table customers; --", '$1', '\\x00', '../../etc/passwd', '__proto__', 'constructor',
  'customer:', 'customer:customer:', 'customer:00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '{}', '[]',
];

const nastyChar = fc.constantFrom(...NASTY_CHARACTERS);

/** Strings of every kind: mixes of nasty characters, full unicode (lone surrogates included), known troublemakers, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.array(fc.oneof(nastyChar, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.tuple(nastyChar, fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)) },
);

/** JSON values of any type: the wrong type for every field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 0.5, 1e308, -1e308, 2 ** 31, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Bodies that are not JSON, or JSON that is not an object. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '{', '}', '{"a":', '[', 'null', '[]', '"text"', '42', 'true', '\ufeff{}', '{"a":1}{"b":2}', 'a=1&b=2',
    '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', `{"a":${'['.repeat(5000)}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
);

/** Content-Types besides application/json, and spellings of it. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined, '', 'text/plain', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/json;charset=latin1',
      'application/jsonp', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml',
      '*/*', 'application/json, text/plain', 'application/vnd.api+json',
    ),
  },
);

/** Header values as they can be sent at all: Latin-1 without controls. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((value) => value.replace(/[^\x20-\x7e\x80-\xff]/g, '').trim()),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 200 }),
);

/** A path segment as a client would send it; lone surrogates become invalid UTF-8 escapes. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
}

/** A query string with each value encoded as above (URLSearchParams would turn lone surrogates into U+FFFD). */
export function encodeQuery(entries: [string, string][]): string {
  return entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}`;
}
