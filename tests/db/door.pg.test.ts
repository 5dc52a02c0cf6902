// The api's door (_shared/db.ts) sends every value as a bound parameter, never inside SQL text,
// and still one write per call. The injection payloads: nothing a caller sends may change the
// statement — every generated string, quotes, backslashes, unicode and would-be injections
// included, must come back from Postgres exactly as it went in — and a NUL is refused as
// Postgres refuses it.
import { Socket } from 'node:net';
import fc from 'fast-check';
import { vi } from 'vitest';
import { boundValue, callStatement, createDb, doorCall, type Db } from '../../supabase/functions/_shared/db.ts';
import { connect, type Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let pool: Sql;
let door: Db;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  await db.sql.unsafe(`
    create function app.echo(p_v text) returns jsonb language sql as $$ select to_jsonb(p_v) $$;
    create function app.echo_types(p_n text, p_i integer, p_d numeric, p_t boolean, p_u integer)
      returns jsonb language sql as $$
        select jsonb_build_object('n', p_n is null, 'i', p_i, 'd', p_d, 't', p_t, 'u', p_u is null)
      $$;
    create function app.whoami() returns jsonb language sql as $$
      select jsonb_build_object('user', current_user, 'claims', current_setting('request.jwt.claims', true)::jsonb)
    $$;
    grant execute on function app.echo(text), app.echo_types(text, integer, numeric, boolean, integer),
      app.whoami() to anon, authenticated, service_role`);
  pool = connect(db.url, { max: 2 });
  door = createDb(pool, { demoMode: false });
}, 120_000);

afterAll(async () => {
  await pool?.end({ timeout: 1 });
  await db?.drop();
});

/** What UTF-8 can carry of a JS string (a lone surrogate becomes U+FFFD). */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

const echo = (values: string[]) => Promise.all(values.map((v) => door.callAsService('app.echo', { p_v: v })));

const NASTY = [
  "'",
  "''",
  '\\',
  "\\'",
  "'; drop table public.customers; --",
  "x'); drop table public.customers; --",
  "\\'; select pg_sleep(10); --",
  "E'\\x27",
  '$1',
  '$$',
  '$tag$ select 1 $tag$',
  '/* */ --',
  ';',
  '\u2019\u02bc\uff07',
  '\\\\\\',
  'a\nb\r\nc\td',
];

describe('the door binds every value', () => {
  it('round-trips quotes, backslashes, dollar quotes and would-be injections unchanged', async () => {
    expect(await echo(NASTY)).toEqual(NASTY);
    expect(Number((await db.sql`select count(*)::int as n from public.customers`)[0]!.n)).toBeGreaterThanOrEqual(0);
  });

  it('round-trips thousands of generated strings, any unicode, quote- and backslash-heavy', async () => {
    const quoteHeavy = fc.string({
      unit: fc.constantFrom("'", '\\', '"', '$', ';', '-', 'E', 'x', ' ', '\n', '\u00e9', '\u{1F600}'),
      maxLength: 40,
    });
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), quoteHeavy);
    await fc.assert(
      fc.asyncProperty(fc.array(text.filter((s) => !s.includes('\0')), { minLength: 1, maxLength: 30 }), async (values) => {
        expect(await echo(values)).toEqual(values.map(utf8));
      }),
      { numRuns: 60 },
    );
  });

  it('sends null, numbers and booleans as values Postgres casts to the parameter type', async () => {
    expect(
      await door.callAsService('app.echo_types', { p_n: null, p_i: 42, p_d: 2.5, p_t: true, p_u: undefined }),
    ).toEqual({ n: true, i: 42, d: 2.5, t: true, u: true });
  });

  it('refuses a NUL as Postgres does (a 22xxx data error, which the api answers 400), before sending it', async () => {
    expect(() => boundValue('a\0b')).toThrow(expect.objectContaining({ code: '22021' }));
    await expect(door.callAsService('app.echo', { p_v: 'a\0b' })).rejects.toMatchObject({ code: '22021' });
  });

  it('refuses any value that is not a string, a finite number, a boolean or null', () => {
    for (const value of [{}, { toString: () => "x'; --" }, [1, 2], NaN, Infinity, -Infinity, 10n, Symbol('s'), () => 1]) {
      expect(() => boundValue(value as never)).toThrow(TypeError);
    }
    expect(boundValue(-0.5)).toBe('-0.5');
  });

  it('writes SQL text from the checked function and parameter names and catalogue types only', () => {
    const types = new Map([['p_phone', 'text'], ['p_n', 'integer']]);
    expect(doorCall('app.get_customer', { p_phone: "x'); --", p_n: 1 }, types)).toEqual([
      'select to_jsonb(app.get_customer(p_phone => ($1->>0)::text, p_n => ($1->>1)::integer))',
      JSON.stringify(["x'); --", '1']),
    ]);
    expect(() => doorCall('app.me; drop table x', {}, types)).toThrow(/not an app function/);
    expect(() => doorCall('app.me', { 'p_x => 1); --': 'a' }, types)).toThrow(/not an app function/);
    expect(() => doorCall('app.me', { p_x: 'a' }, new Map([['p_x', 'text); drop table x; --']]))).toThrow(/not a type name/);
    expect(() => callStatement('app.me; drop table x', {})).toThrow(/not an app function/);
    expect(() => callStatement('app.me', { 'p_x => 1); --': 'a' })).toThrow(/not an app function/);
    expect(() => callStatement('public.me', {})).toThrow(/not an app function/);
    expect(callStatement('app.get_customer', { p_phone: "x'); --", p_n: 1 })).toEqual([
      'select app.get_customer(p_phone => $1, p_n => $2) as result',
      ["x'); --", '1'],
    ]);
  });

  it('runs the call as the caller, with the claims as sent, and refuses other roles', async () => {
    const caller = { role: 'authenticated', claims: { role: 'authenticated', sub: "x'; --" } } as never;
    expect(await door.call(caller, 'app.whoami')).toEqual({
      user: 'authenticated',
      claims: { role: 'authenticated', sub: "x'; --" },
    });
    await expect(door.call({ role: 'postgres', claims: {} } as never, 'app.whoami')).rejects.toThrow(/unknown database role/);
  });

  it('sends a call with its door and limits as one statement in one write (one round trip)', async () => {
    await door.callAsService('app.echo', { p_v: 'warm' });
    const write = vi.spyOn(Socket.prototype, 'write');
    try {
      const caller = { role: 'anon', claims: { role: 'anon' } } as never;
      const limits = [{ bucket: 'door-test', key: "k'ey", limit: 5, windowSeconds: 60 }];
      expect(await door.call(caller, 'app.echo', { p_v: "o'k" }, { limits })).toBe("o'k");
      expect(write).toHaveBeenCalledTimes(1);
      // Parse, Bind, Execute and Sync of one statement: the values in Bind, never in Parse's text.
      const sent = Buffer.from(write.mock.calls[0]![0] as Uint8Array);
      expect(sent.includes(Buffer.from("o'k"))).toBe(true);
      expect(sent.includes(Buffer.from('select private.door($1, $2, $3, $4, $5, $6, $7, $8) as result'))).toBe(true);
      expect(sent.includes(Buffer.from('select to_jsonb(app.echo(p_v => ($1->>0)::text))'))).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it('looks a function\'s parameter types up again after its signature changed', async () => {
    await db.sql.unsafe(`create function app.retyped(p_v integer) returns jsonb language sql as $$ select to_jsonb(p_v + 1) $$;
      grant execute on function app.retyped(integer) to service_role`);
    expect(await door.callAsService('app.retyped', { p_v: 41 })).toBe(42);
    await db.sql.unsafe(`drop function app.retyped(integer);
      create function app.retyped(p_v text) returns jsonb language sql as $$ select to_jsonb(p_v || '!') $$;
      grant execute on function app.retyped(text) to service_role`);
    await expect(door.callAsService('app.retyped', { p_v: 'a' })).rejects.toMatchObject({ code: '42883' });
    expect(await door.callAsService('app.retyped', { p_v: 'a' })).toBe('a!');
  });

  it('refuses private.door to the API roles: only the connecting role opens the door', async () => {
    await expect(
      db.sql.begin(async (tx) => {
        await tx`set local role authenticated`;
        await tx`select private.door(null, '{}', 'off', 'service_role', false, '[]', 'select to_jsonb(1)', '[]')`;
      }),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('runs as one transaction: a failing call takes its limits back', async () => {
    const caller = { role: 'anon', claims: { role: 'anon' } } as never;
    const limits = [{ bucket: 'door-tx-test', key: "k'ey", limit: 5, windowSeconds: 60 }];
    await expect(door.call(caller, 'app.no_such_function', {}, { limits })).rejects.toThrow(/no_such_function/);
    // The failed call's hit was counted again on its own (every request counts once).
    const hits = () => db.sql`select key, hits from private.rate_limit_hits where bucket = 'door-tx-test'`;
    expect([...(await hits())]).toEqual([{ key: "k'ey", hits: 1 }]);
    await door.call(caller, 'app.echo', { p_v: 'x' }, { limits });
    expect([...(await hits())]).toEqual([{ key: "k'ey", hits: 2 }]);
  });

  it('rolls back the statements before a failing one within a call', async () => {
    const caller = { role: 'anon', claims: { role: 'anon' } } as never;
    // The limit is taken, then the call fails: only the recount in its own transaction stays.
    await db.sql`create table public.door_probe (v text)`;
    await db.sql`grant insert on public.door_probe to anon`;
    await db.sql.unsafe(`create function app.probe_then_fail(p_v text) returns jsonb language plpgsql as $$
      begin insert into public.door_probe values (p_v); raise exception 'refused' using errcode = 'P0001'; end $$;
      grant execute on function app.probe_then_fail(text) to anon`);
    await expect(door.call(caller, 'app.probe_then_fail', { p_v: 'gone' })).rejects.toThrow(/refused/);
    expect(await db.sql`select * from public.door_probe`).toHaveLength(0);
  });
});
