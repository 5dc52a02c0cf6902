// The bench's pure parts: percentiles, a phase's summary and the lines and table it prints.
// Kept free of I/O so tests/bench/stats.test.ts can check the maths and the formats.

/** One finished request: how long it took and how it ended (HTTP status, or 0 for a network error). */
export interface Sample {
  ms: number;
  status: number;
}

export interface Summary {
  name: string;
  clients: number;
  count: number;
  /** Successful requests (2xx) per second of wall time. */
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests that did not answer 2xx, by status ('0' = no answer). */
  errors: Record<string, number>;
}

/** The nearest-rank percentile of ascending `sorted` (p in 0..100); NaN for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(
  name: string,
  clients: number,
  samples: readonly Sample[],
  wallMs: number,
): Summary {
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300);
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors: Record<string, number> = {};
  for (const s of samples) {
    if (s.status < 200 || s.status >= 300)
      errors[String(s.status)] = (errors[String(s.status)] ?? 0) + 1;
  }
  return {
    name,
    clients,
    count: samples.length,
    throughput: wallMs > 0 ? (ok.length * 1000) / wallMs : 0,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
  };
}

const ms = (value: number) =>
  Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1);

/** `{ '409': 3, '0': 1 }` → `409×3 none×1`; empty when every request succeeded. */
export function formatErrors(errors: Record<string, number>): string {
  return Object.entries(errors)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status === '0' ? 'none' : status}×${n}`)
    .join(' ');
}

/** One line a phase prints while the bench runs. */
export function formatLine(s: Summary): string {
  return (
    `${s.name.padEnd(40)} ${String(s.clients).padStart(3)} cl  ${s.throughput.toFixed(0).padStart(6)} /s` +
    `  p50 ${ms(s.p50).padStart(6)}  p95 ${ms(s.p95).padStart(6)}  p99 ${ms(s.p99).padStart(6)} ms` +
    `  n=${s.count}${Object.keys(s.errors).length ? `  errors ${formatErrors(s.errors)}` : ''}`
  );
}

/** `ratio pair/tpcb: 0.123` — the exact form the issue asks for; `n/a` when a side is missing. */
export function ratioLine(
  name: string,
  numerator: number | undefined,
  denominator: number | undefined,
): string {
  const value =
    numerator !== undefined && denominator ? (numerator / denominator).toFixed(3) : 'n/a';
  return `ratio ${name}: ${value}`;
}

/** The Markdown table of every phase, for docs/PERFORMANCE.md. */
export function markdownTable(rows: readonly Summary[]): string {
  const head =
    '| phase | clients | req/s | p50 ms | p95 ms | p99 ms | n | errors |\n|---|---:|---:|---:|---:|---:|---:|---|';
  const body = rows.map(
    (s) =>
      `| ${s.name} | ${s.clients} | ${s.throughput.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.count} | ${formatErrors(s.errors) || '—'} |`,
  );
  return [head, ...body].join('\n');
}
