// The pure parts of scripts/bench/admin-10m.ts (the admin reads at ten times the bench's seed):
// its arguments, the seed split into statements for progress, and the goal line it prints.
// Free of I/O so tests/bench/admin-scale.test.ts can check them.
import type { Summary } from './stats.ts';

export interface AdminScaleOptions {
  customers: number;
  visits: number;
  /** Timed requests per call (after two untimed warm-ups); CSV exports take 3. */
  runs: number;
  /** Time only the calls whose name contains one of these. */
  only: string[];
  /** Keep the seeded database (its name is printed) for EXPLAIN and re-runs. */
  keep: boolean;
  /** Time a database kept by an earlier run (migrated up to date first) instead of seeding one. */
  database?: string;
}

const count = (flag: string, value: string | undefined) => {
  const n = Number(value?.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${flag} wants a positive whole number, got "${value}"`);
  return n;
};

export function parseAdminScaleArgs(argv: readonly string[]): AdminScaleOptions {
  const options: AdminScaleOptions = {
    customers: 1_000_000,
    visits: 10_000_000,
    runs: 20,
    only: [],
    keep: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} wants a value`);
      i += 1;
      return v;
    };
    switch (flag) {
      case '--customers':
        options.customers = count(flag, value());
        break;
      case '--visits':
        options.visits = count(flag, value());
        break;
      case '--runs':
        options.runs = count(flag, value());
        break;
      case '--only':
        options.only.push(...value().split(',').filter(Boolean));
        break;
      case '--keep':
        options.keep = true;
        break;
      case '--database': {
        const name = value();
        if (!/^\w+$/.test(name)) throw new Error(`--database wants a database name, got "${name}"`);
        options.database = name;
        break;
      }
      default:
        throw new Error(
          `unknown argument "${flag}" (--customers N --visits N --runs N --only a,b --keep --database NAME)`,
        );
    }
  }
  return options;
}

/** A seed script's statements with a short label each (its first line that is not a comment). */
export function seedStatements(sql: string): { label: string; text: string }[] {
  return sql
    .split(/;[ \t]*$/m)
    .map((text) => text.trim())
    .filter((text) => text.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')))
    .map((text) => {
      const first = text.split('\n').find((line) => line.trim() && !line.trim().startsWith('--'))!;
      const label = first.trim().replace(/\s+/g, ' ');
      return { label: label.length > 70 ? `${label.slice(0, 69)}…` : label, text };
    });
}

/** The goal, read off the timed calls (CSV exports aside: they stream up to 100k rows). */
export function adminScaleGoalLine(rows: readonly Summary[], visits: number, limitMs = 50): string {
  const reads = rows.filter((r) => !r.name.includes('export'));
  const scale =
    visits % 1_000_000 === 0 ? `${visits / 1_000_000}M` : visits.toLocaleString('en-US');
  const goal = `admin reads p95 ≤ ${limitMs} ms at 1 client, ${scale} visits`;
  const worst = [...reads].sort((a, b) => b.p95 - a.p95)[0];
  const failed = reads.filter((r) => Object.keys(r.errors).length > 0);
  if (!worst) return `${goal}: n/a (no calls timed)`;
  if (failed.length > 0)
    return `${goal}: no, ${failed.length} call(s) answered errors (${failed.map((r) => r.name).join(', ')})`;
  return worst.p95 <= limitMs
    ? `${goal}: yes (worst p95 ${worst.p95.toFixed(1)} ms, ${worst.name})`
    : `${goal}: worst p95 ${worst.p95.toFixed(1)} ms (${worst.name})`;
}
