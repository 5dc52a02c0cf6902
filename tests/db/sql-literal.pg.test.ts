// The api's door sends each call as one simple query with its values as literals
// (_shared/db.ts, sqlLiteral and oneQueryText). Nothing a caller sends may end a literal: every
// generated string, quotes, backslashes, unicode and would-be injections included, must come
// back from Postgres exactly as it went in, and a NUL is refused as Postgres refuses it.
import fc from 'fast-check';
import { assertUtf8, oneQueryText, sqlLiteral } from '../../supabase/functions/_shared/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
});

afterAll(async () => {
  await db?.drop();
});

/** What UTF-8 can carry of a JS string (a lone surrogate becomes U+FFFD, as in a parameter). */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

const echo = async (values: string[]) => {
  const rows = await db.sql.unsafe<{ v: string }[]>(
    values.map((v, i) => `select ${sqlLiteral(v)}::text as v, ${i} as i`).join(' union all ') +
      ' order by i',
  );
  return rows.map((r) => r.v);
};

const NASTY = [
  "'",
  "''",
  '\\',
  "\\'",
  "'; drop table public.customers; --",
  "\\'; select pg_sleep(10); --",
  "E'\\x27",
  '$$',
  '$tag$ select 1 $tag$',
  '/* */ --',
  ';',
  '\u2019\u02bc\uff07',
  '\\\\\\',
  'a\nb\r\nc\td',
];

describe('sqlLiteral', () => {
  it('round-trips quotes, backslashes, dollar quotes and would-be injections unchanged', async () => {
    expect(await echo(NASTY)).toEqual(NASTY);
    expect(
      Number((await db.sql`select count(*)::int as n from public.customers`)[0]!.n),
    ).toBeGreaterThanOrEqual(0);
  });

  it('round-trips thousands of generated strings, any unicode, quote- and backslash-heavy', async () => {
    const quoteHeavy = fc.string({
      unit: fc.constantFrom(
        "'",
        '\\',
        '"',
        '$',
        ';',
        '-',
        'E',
        'x',
        ' ',
        '\n',
        '\u00e9',
        '\u{1F600}',
      ),
      maxLength: 40,
    });
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), quoteHeavy);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          text.filter((s) => !s.includes('\0')),
          { minLength: 1, maxLength: 50 },
        ),
        async (values) => {
          expect(await echo(values)).toEqual(values.map(utf8));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('writes null, numbers and booleans as values Postgres casts to the parameter type', async () => {
    const [row] = await db.sql.unsafe(
      `select ${sqlLiteral(null)}::text is null as n, ${sqlLiteral(42)}::integer as i, ${sqlLiteral(2.5)}::numeric as d,
              ${sqlLiteral(true)}::boolean as t, ${sqlLiteral(undefined)}::integer is null as u`,
    );
    expect(row).toEqual({ n: true, i: 42, d: '2.5', t: true, u: true });
  });

  it('refuses a NUL as Postgres does (a 22xxx data error, which the api answers 400)', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(expect.objectContaining({ code: '22021' }));
  });

  it('refuses any value that is not a string, a finite number, a boolean or null (issue 24 §4)', () => {
    for (const value of [{}, { toString: () => "x'; --" }, [1, 2], NaN, Infinity, -Infinity, 10n, Symbol('s'), () => 1]) {
      expect(() => sqlLiteral(value as never)).toThrow(TypeError);
    }
    expect(sqlLiteral(-0.5)).toBe("E'-0.5'");
  });
});

describe('the connection encoding (issue 24 §4)', () => {
  it('lets literals go only while client and server encodings are both UTF8', async () => {
    await db.sql`select 1`;
    expect(() => assertUtf8(db.sql.parameters as Record<string, string>)).not.toThrow();
    for (const parameters of [
      { client_encoding: 'SJIS', server_encoding: 'UTF8' },
      { client_encoding: 'UTF8', server_encoding: 'SQL_ASCII' },
      { client_encoding: 'GBK', server_encoding: 'EUC_CN' },
      {},
    ]) {
      expect(() => assertUtf8(parameters)).toThrow(expect.objectContaining({ code: 'CONNECTION_ENCODING' }));
    }
  });
});

describe('oneQueryText', () => {
  it('names only app functions, p_ parameters and the three API roles', () => {
    const call = (fn: string, args: Record<string, string>, role = 'anon') =>
      oneQueryText(role, {}, undefined, false, fn, args, false, []);
    expect(() => call('app.me; drop table x', {})).toThrow(/not an app function/);
    expect(() => call('app.me', { 'p_x => 1); --': 'a' })).toThrow(/not an app function/);
    expect(() => call('app.me', {}, 'postgres')).toThrow(/unknown database role/);
    expect(call('app.get_customer', { p_phone: "x'); --" })).toContain("p_phone => E'x''); --'");
  });

  it('sends the role first: every statement that carries a value runs after it, as the API role', () => {
    const text = oneQueryText('authenticated', { sub: "x'" }, '00000000-0000-4000-8000-000000000001', false,
      'app.me', { p_x: "v'" }, false, [{ bucket: 'b', key: "k'", limit: 1, windowSeconds: 60 }]);
    const [first, ...rest] = text.split(';\n');
    expect(first).toBe("select set_config('role', 'authenticated', true), set_config('app.demo_mode', 'off', true)");
    expect(first).not.toContain("E'");
    expect(rest.map((statement) => statement.slice(0, 30))).toEqual([
      'select private.require_session',
      'select private.take_rate_limit',
      'select app.me(p_x => E\'v\'\'\') a',
    ]);
  });

  it('runs as one transaction: a failing call takes the statements before it back', async () => {
    const text = oneQueryText(
      'anon',
      { role: 'anon' },
      undefined,
      false,
      'app.no_such_function',
      {},
      false,
      [{ bucket: 'literal-test', key: "k'ey", limit: 5, windowSeconds: 60 }],
    );
    await expect(db.sql.unsafe(text)).rejects.toThrow(/no_such_function/);
    const hits =
      await db.sql`select count(*)::int as n from private.rate_limit_hits where bucket = 'literal-test'`;
    expect(hits[0]!.n).toBe(0);
    // The same limit with a call that succeeds is counted, under the key as sent.
    await db.sql.unsafe(text.replace('app.no_such_function()', 'app.locations()'));
    const counted =
      await db.sql`select key from private.rate_limit_hits where bucket = 'literal-test'`;
    expect(counted.map((r) => r.key)).toEqual(["k'ey"]);
  });
});
