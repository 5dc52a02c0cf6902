// The bench's pure parts: percentile maths, phase summaries and the report's exact formats.
import { describe, expect, it } from 'vitest';
import { parseLatencyAverage, parseTps } from '../../scripts/bench/pgbench.ts';
import { ratioLines, type Report } from '../../scripts/bench/report.ts';
import { formatErrors, markdownTable, percentile, ratioLine, summarize } from '../../scripts/bench/stats.ts';

describe('percentile (nearest rank)', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  it('takes the value at ceil(p/100 · n)', () => {
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7, 9, 30], 50)).toBe(9);
  });
  it('gives the only value of one sample, the smallest for p 0, and NaN for none', () => {
    expect(percentile([4], 99)).toBe(4);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize', () => {
  it('counts only 2xx towards throughput and lists the rest by status', () => {
    const samples = [
      { ms: 10, status: 200 }, { ms: 30, status: 201 }, { ms: 20, status: 429 }, { ms: 40, status: 0 }, { ms: 5, status: 429 },
    ];
    const s = summarize('pair', 8, samples, 2000);
    expect(s.count).toBe(5);
    expect(s.throughput).toBe(1); // 2 successes in 2 s
    expect(s.p50).toBe(20);
    expect(s.p99).toBe(40);
    expect(s.errors).toEqual({ '429': 2, '0': 1 });
    expect(formatErrors(s.errors)).toBe('none×1 429×2');
  });
});

describe('the printed forms', () => {
  it('writes ratios as `ratio name: 0.123`, n/a when a side is missing', () => {
    expect(ratioLine('pair/tpcb', 123.4, 1000)).toBe('ratio pair/tpcb: 0.123');
    expect(ratioLine('http/sql', undefined, 1000)).toBe('ratio http/sql: n/a');
    expect(ratioLine('http/sql', 5, 0)).toBe('ratio http/sql: n/a');
  });
  it('takes the three ratios at 32 clients', () => {
    const row = (name: string, clients: number, throughput: number) => ({
      name, clients, throughput, count: 1, p50: 1, p95: 1, p99: 1, errors: {},
    });
    const report = {
      tpcb: [{ clients: 8, tps: 500 }, { clients: 32, tps: 4000 }],
      phases: [
        row('check-in start + approve (pairs)', 8, 999), row('check-in start + approve (pairs)', 32, 1200),
        row('approve alone (tokens made beforehand)', 32, 2000), row('start + approve as SQL (no HTTP)', 32, 1500),
      ],
    } as unknown as Report;
    expect(ratioLines(report)).toEqual(['ratio pair/tpcb: 0.300', 'ratio approve/tpcb: 0.500', 'ratio http/sql: 0.800']);
  });
  it('renders a Markdown table row per phase', () => {
    const table = markdownTable([summarize('GET /api/me', 32, [{ ms: 12.345, status: 200 }], 1000)]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('| GET /api/me | 32 | 1 | 12.3 | 12.3 | 12.3 | 1 | — |');
  });
  it('reads tps and average latency from pgbench output', () => {
    const out = 'latency average = 7.912 ms\ninitial connection time = 3.2 ms\ntps = 4043.123456 (without initial connection time)\n';
    expect(parseTps(out)).toBeCloseTo(4043.123456);
    expect(parseLatencyAverage(out)).toBeCloseTo(7.912);
    expect(parseTps('nothing')).toBeUndefined();
  });
});
