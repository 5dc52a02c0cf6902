// The bench's goals (docs/PERFORMANCE.md), read off a run's figures: one line each with the measured value and whether
// it holds; for a goal that does not, the measured gap and the reason, from the same run's CPU figures (CPU per request
// × the rate the goal asks for, against the machine's cores). Printed and recorded for the reader; never asserted.
import { cpus } from 'node:os';
import type { PhaseCpu, Report } from './run.ts';
import type { Summary } from './stats.ts';

export interface Goal {
  goal: string;
  measured: string;
  holds: boolean | undefined;
  /** When it does not hold: how far off, measured. */
  gap?: string;
  /** When it does not hold: why, from measured figures. */
  because?: string;
}

const rate = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Why a throughput of `target` per second was not reached, from the phase's CPU per request:
 * the cores that rate needs (Postgres's backends, the api, the load generator) against the
 * machine's, or — when CPU would suffice — that the time went to waiting.
 */
export function cpuReason(
  report: Pick<Report, 'cpu' | 'cores'>,
  name: string,
  clients: number,
  target: number,
  unit: string,
): string | undefined {
  const c: PhaseCpu | undefined = report.cpu?.find((x) => x.name === name && x.clients === clients);
  if (!c) return undefined;
  const cores = report.cores ?? cpus().length;
  const per = c.postgresMs + c.apiMs + c.driverMs;
  const need = (target * per) / 1000;
  const pgNeed = (target * c.postgresMs) / 1000;
  const costs =
    `CPU per ${unit}: Postgres ${c.postgresMs.toFixed(2)} ms + api ${c.apiMs.toFixed(2)} ms + load generator ` +
    `${c.driverMs.toFixed(2)} ms`;
  const others = Math.max(0, c.othersCores ?? 0);
  const asked = `${rate(target)} ${unit}s/s × ${per.toFixed(2)} ms CPU each is ${need.toFixed(1)} cores (Postgres alone ${pgNeed.toFixed(1)})`;
  if (need > cores) return `${asked}; this machine has ${cores} (${costs})`;
  if (need > cores - others)
    return (
      `${asked}; other work on the machine took ${others.toFixed(1)} of its ${cores} cores meanwhile, ` +
      `leaving ${(cores - others).toFixed(1)} (${costs})`
    );
  return (
    `CPU would suffice (${need.toFixed(1)} of the ${(cores - others).toFixed(1)} cores other work left at ${rate(target)}/s; ` +
    `${costs}): the rest is waiting (locks, WAL flushes, round trips)`
  );
}

const at = (rows: Summary[], name: string, clients: number) =>
  rows.find((r) => r.name === name && r.clients === clients);
const PAIR = 'check-in start + approve (pairs)';
const APPROVE = 'approve alone (tokens made beforehand)';
const SQL_PAIR = 'start + approve as SQL (no HTTP)';

function worst(rows: Summary[], filter: (s: Summary) => boolean): Summary | undefined {
  return rows.filter(filter).sort((a, b) => b.p95 - a.p95)[0];
}

export function goals(report: Report): Goal[] {
  const list: Goal[] = [];
  const ratio = (
    goal: string,
    value: number | undefined,
    base: number | undefined,
    min: number,
    explain: (target: number) => string | undefined,
    unit: string,
  ) => {
    const r = value !== undefined && base ? value / base : undefined;
    const holds = r === undefined ? undefined : r >= min;
    const target = (base ?? 0) * min;
    list.push({
      goal,
      measured: r === undefined ? 'n/a' : r.toFixed(3),
      holds,
      ...(holds === false
        ? {
            gap: `${rate(value!)} ${unit}s/s of the ${rate(target)} asked (${rate(target - value!)}/s short, ×${(target / value!).toFixed(1)})`,
            because: explain(target),
          }
        : {}),
    });
  };
  for (const clients of [8, 32]) {
    const tpcb = report.tpcb.find((t) => t.clients === clients)?.tps;
    ratio(
      `start + approve ≥ 0.3 of tpcb, ${clients} clients`,
      at(report.phases, PAIR, clients)?.throughput,
      tpcb,
      0.3,
      (target) => cpuReason(report, PAIR, clients, target, 'check-in'),
      'check-in',
    );
  }
  ratio(
    'approve alone ≥ 0.5 of tpcb, 32 clients',
    at(report.phases, APPROVE, 32)?.throughput,
    report.tpcb.find((t) => t.clients === 32)?.tps,
    0.5,
    (target) => cpuReason(report, APPROVE, 32, target, 'approval'),
    'approval',
  );
  const sqlCpu = report.cpu?.find((c) => c.name === SQL_PAIR && c.clients === 32);
  const httpCpu = report.cpu?.find((c) => c.name === PAIR && c.clients === 32);
  ratio(
    'HTTP start + approve ≥ 0.8 of the same SQL driven directly, 32 clients',
    at(report.phases, PAIR, 32)?.throughput,
    at(report.phases, SQL_PAIR, 32)?.throughput,
    0.8,
    () =>
      sqlCpu && httpCpu
        ? `over HTTP a check-in costs ${(httpCpu.postgresMs + httpCpu.apiMs + httpCpu.driverMs).toFixed(2)} ms CPU ` +
          `(api ${httpCpu.apiMs.toFixed(2)}, load generator ${httpCpu.driverMs.toFixed(2)}), driven directly ` +
          `${(sqlCpu.postgresMs + sqlCpu.driverMs).toFixed(2)} ms: the api and its client share the same cores with Postgres`
        : undefined,
    'check-in',
  );
  // 32 closed-loop clients each wait one latency per request (Little's law): a p95 of 25 ms
  // needs a mean below it, i.e. at least 32 / 25 ms = 1,280 answers a second.
  const littles = 32 / 0.025;
  const approve = at(report.phases, APPROVE, 32);
  const approveHolds = approve && approve.p95 <= 25;
  list.push({
    goal: 'approve p95 ≤ 25 ms at 32 clients',
    measured: approve ? `${approve.p95.toFixed(1)} ms` : 'n/a',
    holds: approveHolds,
    ...(approve && !approveHolds
      ? {
          gap: `${(approve.p95 - 25).toFixed(1)} ms over (${rate(approve.throughput)} approvals/s)`,
          because:
            `32 clients at p95 ≤ 25 ms need ≥ ${rate(littles)} approvals/s (Little's law: 32 / 25 ms); ` +
            (cpuReason(report, APPROVE, 32, littles, 'approval') ?? 'no CPU figures in this run'),
        }
      : {}),
  });
  const me = at(report.phases, 'GET /api/me', 32);
  const meHolds = me && me.throughput >= 2000 && me.p95 <= 25;
  list.push({
    goal: 'GET /api/me ≥ 2,000 req/s with p95 ≤ 25 ms at 32 clients',
    measured: me ? `${me.throughput.toFixed(0)} req/s, p95 ${me.p95.toFixed(1)} ms` : 'n/a',
    holds: meHolds,
    ...(me && !meHolds
      ? {
          gap: [
            me.throughput < 2000 ? `${rate(2000 - me.throughput)} req/s short` : '',
            me.p95 > 25 ? `p95 ${(me.p95 - 25).toFixed(1)} ms over` : '',
          ]
            .filter(Boolean)
            .join(', '),
          because: cpuReason(report, 'GET /api/me', 32, 2000, 'request'),
        }
      : {}),
  });
  const admin = (prefix: string, clients: number, limit: number, goal: string) => {
    const w = worst(
      report.phases,
      (s) => s.clients === clients && s.name.startsWith(prefix) && !s.name.includes('export'),
    );
    const holds = w && w.p95 <= limit;
    const alone = w && clients > 1 ? at(report.phases, w.name, 1) : undefined;
    list.push({
      goal,
      measured: w
        ? `worst p95 ${w.p95.toFixed(1)} ms (${w.name.replace('GET admin ', '')})`
        : 'n/a',
      holds,
      ...(w && !holds
        ? {
            gap: `${(w.p95 - limit).toFixed(1)} ms over`,
            because:
              clients === 1
                ? (Object.entries(SLOW_READS).find(([name]) => w.name.includes(name))?.[1] ??
                    `the read's own time: one client of the bench queues behind nothing of the bench's`) +
                  ` (load average ${report.load} from other work when the run started)`
                : `${clients} clients queue for ${report.cores ?? cpus().length} cores` +
                  (alone ? ` (the same read alone: p95 ${alone.p95.toFixed(1)} ms)` : ''),
          }
        : {}),
    });
  };
  admin('GET admin metrics', 1, 50, 'admin metrics p95 ≤ 50 ms, every range, 1 client');
  admin('GET admin customers ', 1, 50, 'admin customers list p95 ≤ 50 ms, 1 client');
  admin('GET admin', 1, 50, 'every admin endpoint p95 ≤ 50 ms, 1 client (CSV exports aside)');
  admin('GET admin', 8, 150, 'any admin endpoint p95 ≤ 150 ms at 8 clients (CSV exports aside)');
  firstScreen(report, list);
  return list;
}

/** The first screen's goals (docs/PERFORMANCE.md, "The first screen, again"). */
const HOME_KB = 90;
const ROUTE_KB = 150;
const LCP_MS = 1_500;
const LIGHTHOUSE_PAGES = ['/', '/creamery', '/account', '/admin'];

/** Why the reads known to pass 50 ms take their time (docs/PERFORMANCE.md, admin reads at 10M). */
const SLOW_READS: Record<string, string> = {
  'funder report':
    "the funder's report works out each member's month on every read (every approved visit of the " +
    'month per member and business, and every first visit): a table of months kept as visits are ' +
    'approved would answer it, at a cost to every check-in',
  'customers/count':
    'an exact count of the members active in the range, up to every member: no counter keeps it',
};

/** "1 page", "2 pages". */
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function firstScreen(report: Report, list: Goal[]) {
  const home = (report.budgets ?? []).find((b) => b.route === '/');
  list.push({
    goal: `first-load JS of / ≤ ${HOME_KB} KB gz`,
    measured: home ? `${home.jsKb.toFixed(1)} KB` : 'n/a',
    holds: home && home.jsKb <= HOME_KB,
    ...(home && home.jsKb > HOME_KB ? { gap: `${(home.jsKb - HOME_KB).toFixed(1)} KB over` } : {}),
    because: 'React DOM (~60 KB), react-router (~13 KB), React and the layouts are the entry',
  });
  const budgets = report.budgets ?? [];
  const over = budgets.filter((b) => b.jsKb > ROUTE_KB);
  const heaviest = [...budgets].sort((a, b) => b.jsKb - a.jsKb)[0];
  list.push({
    goal: `every route's first-load JS ≤ ${ROUTE_KB} KB gz`,
    measured: over.length
      ? over.map((b) => `${b.route} ${b.jsKb.toFixed(1)} KB`).join(', ')
      : heaviest
        ? `heaviest ${heaviest.route} ${heaviest.jsKb.toFixed(1)} KB`
        : 'n/a',
    holds: budgets.length ? over.length === 0 : undefined,
    ...(over.length && heaviest
      ? {
          gap: `${plural(over.length, 'route group')} over; the heaviest ${(heaviest.jsKb - ROUTE_KB).toFixed(1)} KB over`,
        }
      : {}),
    because:
      'each over-budget group carries the zod contract (~42 KB: every fetcher parses its answer with it, ' +
      'and the forms validate with it); its parsing is not split per screen nor loaded after the first paint',
  });
  const pages = (report.lighthouse ?? []).filter((s) => LIGHTHOUSE_PAGES.includes(s.page));
  const below = pages.flatMap((s) =>
    (['performance', 'accessibility', 'bestPractices', 'seo'] as const)
      .filter((category) => s[category] < 100)
      .map((category) => ({ page: s.page, category, score: s[category], failing: s.failing })),
  );
  list.push({
    goal: `Lighthouse (mobile) 100 for performance, accessibility, best practices and SEO on ${LIGHTHOUSE_PAGES.join(', ')}`,
    measured: pages.length
      ? below.length
        ? below.map((b) => `${b.page} ${b.category} ${b.score}`).join(', ')
        : 'all 100'
      : 'n/a',
    holds: pages.length ? below.length === 0 : undefined,
    ...(below.length ? { gap: `${plural(below.length, 'score')} below 100` } : {}),
    because: below.length
      ? `load average ${report.load}; not passed: ${[
          ...new Set(
            below.flatMap((b) => b.failing.slice(0, 4).map((audit) => `${b.page} ${audit}`)),
          ),
        ].join('; ')}`
      : undefined,
  });
  const slow = pages.filter((s) => !(s.lcpMs <= LCP_MS));
  list.push({
    goal: `LCP ≤ ${LCP_MS / 1000} s on ${LIGHTHOUSE_PAGES.join(', ')}`,
    measured: pages.length ? pages.map((s) => `${s.page} ${s.lcpMs} ms`).join(', ') : 'n/a',
    holds: pages.length ? slow.length === 0 : undefined,
    ...(slow.length
      ? {
          gap: `${plural(slow.length, 'page')} over; the slowest ${Math.max(...slow.map((s) => s.lcpMs)) - LCP_MS} ms over`,
        }
      : {}),
    because: slow.length
      ? `load average ${report.load} (simulated slow 4G and 4× CPU: CPU time on a loaded machine counts); ` +
        slow
          .map((s) => {
            // `/` is prerendered into index.html; every other page paints what the app renders, after
            // its first-load JS has downloaded and run (and, signed out or at a kiosk, its reads).
            const js = budgets.find((b) => b.route === s.page || b.route.startsWith(`${s.page} `));
            const element =
              s.elements.find((e) => e.startsWith('largest-contentful-paint-element')) ??
              'element unknown (the prerendered one was replaced)';
            return (
              `${s.page}: ${element}` +
              (s.page !== '/' && js
                ? `, painted by the app after its ${js.jsKb.toFixed(1)} KB of first-load JS`
                : '')
            );
          })
          .join('; ')
      : undefined,
  });
}

/** "yes", "n/a", or the gap and its reason. */
export function verdict(g: Goal): string {
  if (g.holds === undefined) return 'n/a';
  if (g.holds) return 'yes';
  return `gap: ${g.gap ?? g.measured}${g.because ? ` because ${g.because}` : ''}`;
}

export function goalLines(report: Report): string[] {
  return goals(report).map((g) => `goal ${g.goal}: ${g.measured}: ${verdict(g)}`);
}

export function goalTable(report: Report): string {
  return [
    '| goal | measured | holds |',
    '|---|---|---|',
    ...goals(report).map(
      (g) =>
        `| ${g.goal} | ${g.measured} | ${(g.holds === false ? `**no**: ${verdict(g)}` : verdict(g)).replaceAll('|', '/')} |`,
    ),
  ].join('\n');
}
