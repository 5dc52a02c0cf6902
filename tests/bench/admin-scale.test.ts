// scripts/bench/admin-10m.ts's pure parts: its arguments, the seed's statements and its goal line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adminScaleGoalLine,
  parseAdminScaleArgs,
  seedStatements,
} from '../../scripts/bench/admin-scale.ts';
import { scaledSeed } from '../../scripts/bench/fixture.ts';
import { summarize, type Summary } from '../../scripts/bench/stats.ts';

describe('parseAdminScaleArgs', () => {
  it('defaults to 1M customers and 10M visits, 20 runs, a throwaway database', () => {
    expect(parseAdminScaleArgs([])).toEqual({
      customers: 1_000_000,
      visits: 10_000_000,
      runs: 20,
      only: [],
      keep: false,
    });
  });
  it('reads every flag, with underscores in numbers and a list of names', () => {
    expect(
      parseAdminScaleArgs([
        '--visits',
        '2_000_000',
        '--customers',
        '200000',
        '--runs',
        '5',
        '--only',
        'metrics,visits/daily',
        '--only',
        'rewards',
        '--keep',
        '--database',
        'test_abc_12',
      ]),
    ).toEqual({
      customers: 200_000,
      visits: 2_000_000,
      runs: 5,
      only: ['metrics', 'visits/daily', 'rewards'],
      keep: true,
      database: 'test_abc_12',
    });
  });
  it('refuses unknown flags, missing values, non-numbers and odd database names', () => {
    expect(() => parseAdminScaleArgs(['--visit', '5'])).toThrow(/unknown argument "--visit"/);
    expect(() => parseAdminScaleArgs(['--runs'])).toThrow(/--runs wants a value/);
    expect(() => parseAdminScaleArgs(['--runs', '--keep'])).toThrow(/--runs wants a value/);
    expect(() => parseAdminScaleArgs(['--visits', '1e9x'])).toThrow(/positive whole number/);
    expect(() => parseAdminScaleArgs(['--visits', '0'])).toThrow(/positive whole number/);
    expect(() => parseAdminScaleArgs(['--database', 'x"; drop'])).toThrow(/database name/);
  });
});

describe('seedStatements', () => {
  it('splits a script at line-ending semicolons and labels each by its first line of SQL', () => {
    const parts = seedStatements(
      "-- a comment; not a statement\nset a = 1;\n\n-- why\ninsert into t\nselect 'x;y' from g;\n-- trailing\n",
    );
    expect(parts).toEqual([
      { label: 'set a = 1', text: '-- a comment; not a statement\nset a = 1' },
      { label: 'insert into t', text: "-- why\ninsert into t\nselect 'x;y' from g" },
    ]);
  });
  it('keeps every statement of the bench seed, ending with analyze', () => {
    const seed = readFileSync(join(import.meta.dirname, 'seed.sql'), 'utf8');
    const parts = seedStatements(seed);
    expect(parts.length).toBe(seed.match(/;[ \t]*$/gm)!.length);
    expect(parts.at(-1)!.label).toBe('analyze');
    expect(parts.some((p) => p.label.startsWith('select private.rebuild_daily_rollup()'))).toBe(
      true,
    );
  });
});

describe('adminScaleGoalLine', () => {
  const row = (name: string, ms: number[], status = 200): Summary =>
    summarize(
      name,
      1,
      ms.map((m) => ({ ms: m, status })),
      1000,
    );
  it('says yes with the worst read when every p95 is within the limit, CSV exports aside', () => {
    expect(
      adminScaleGoalLine(
        [
          row('metrics 7days', [10, 20]),
          row('rewards all', [30, 45]),
          row('export customers.csv all', [900]),
        ],
        10_000_000,
      ),
    ).toBe('admin reads p95 ≤ 50 ms at 1 client, 10M visits: yes (worst p95 45.0 ms, rewards all)');
  });
  it('names the worst call when one is over, and calls that answered errors', () => {
    expect(
      adminScaleGoalLine(
        [row('metrics 7days', [10]), row('locations all', [40, 81.25])],
        10_000_000,
      ),
    ).toBe('admin reads p95 ≤ 50 ms at 1 client, 10M visits: worst p95 81.3 ms (locations all)');
    expect(adminScaleGoalLine([row('flags', [3], 500)], 1_500_000)).toBe(
      'admin reads p95 ≤ 50 ms at 1 client, 1,500,000 visits: no, 1 call(s) answered errors (flags)',
    );
    expect(adminScaleGoalLine([], 10_000_000)).toMatch(/n\/a/);
  });
});

describe('scaledSeed', () => {
  it('scales customers and visits independently, even when one scale is the other literal', () => {
    const sql = scaledSeed({ customers: 1_000_000, visits: 10_000_000, members: 0, kiosks: 0 });
    expect(sql.match(/generate_series\(1, 1000000\)/g)).toHaveLength(1);
    expect(sql.match(/generate_series\(1, 10000000\)/g)).toHaveLength(1);
    expect(sql).toContain('random() * 1000000)');
    expect(sql).not.toContain('\u0000');
  });
});
