// The bench's report: the lines printed at the end and the generated block of docs/PERFORMANCE.md
// (between its `bench:start` / `bench:end` markers; the prose around it is written by hand).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { goalTable } from './goals.ts';
import type { Report } from './run.ts';
import { markdownTable, ratioLine, type Summary } from './stats.ts';

export type { Report };

const find = (rows: Summary[], name: string, clients: number) =>
  rows.find((r) => r.name === name && r.clients === clients);

export function ratioLines(report: Report): string[] {
  const tpcb = report.tpcb.find((t) => t.clients === 32)?.tps;
  const pair = find(report.phases, 'check-in start + approve (pairs)', 32)?.throughput;
  const approve = find(report.phases, 'approve alone (tokens made beforehand)', 32)?.throughput;
  const sqlPair = find(report.phases, 'start + approve as SQL (no HTTP)', 32)?.throughput;
  return [
    ratioLine('pair/tpcb', pair, tpcb),
    ratioLine('approve/tpcb', approve, tpcb),
    ratioLine('http/sql', pair, sqlPair),
  ];
}

export function markdown(report: Report): string {
  const cpu = cpus();
  const lines = [
    `Run of ${report.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}${report.quick ? ' (--quick)' : ''}, ` +
      `${report.seconds.toFixed(0)} s; ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${report.postgres}; Node ${process.version}.`,
    `Load average when it started: ${report.load}. Data: ${report.scale}.`,
    '',
    '### pgbench (same server, same run)',
    '',
    '| script | clients | tps |',
    '|---|---:|---:|',
    ...report.tpcb.map((t) => `| tpcb-like | ${t.clients} | ${t.tps?.toFixed(0) ?? '—'} |`),
    ...report.rules.map((t) => `| ${t.name} | ${t.clients} | ${t.tps?.toFixed(0) ?? '—'} |`),
    '',
    '### Goals in this run',
    '',
    goalTable(report),
    '',
    '### Ratios at 32 clients',
    '',
    ...ratioLines(report).map((line) => `- \`${line}\``),
    '',
    '### CPU per request (ms: the Postgres backends of the bench database, the api, the load generator)',
    '',
    '| phase | clients | Postgres | api | load generator | other work on the machine (cores) |',
    '|---|---:|---:|---:|---:|---:|',
    ...(report.cpu ?? []).map(
      (c) =>
        `| ${c.name} | ${c.clients} | ${c.postgresMs.toFixed(2)} | ${c.apiMs.toFixed(2)} | ${c.driverMs.toFixed(2)} | ${c.othersCores?.toFixed(1) ?? '—'} |`,
    ),
    '',
    '### The door before and after (32 clients, back to back)',
    '',
    markdownTable(report.doors),
    '',
    '### Every phase',
    '',
    markdownTable(report.phases),
    '',
    '### Front-end budget (gzipped, first load of each route)',
    '',
    '| route | JS KB | CSS KB |',
    '|---|---:|---:|',
    ...report.budgets.map((b) => `| ${b.route} | ${b.jsKb.toFixed(1)} | ${b.cssKb.toFixed(1)} |`),
    '',
    '### Lighthouse (mobile defaults, production build)',
    '',
    '| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.lighthouse.map(
      (s) =>
        `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} | ${s.tbtMs} |`,
    ),
  ];
  return lines.join('\n');
}

const START = '<!-- bench:start (written by npm run bench; edit the prose outside) -->';
const END = '<!-- bench:end -->';

/** Puts `block` between the markers of `path`, keeping everything else. */
export function writeBlock(path: string, block: string): void {
  const text = existsSync(path)
    ? readFileSync(path, 'utf8')
    : `# Performance\n\n${START}\n${END}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${path} lacks the bench markers`);
  writeFileSync(path, `${text.slice(0, from + START.length)}\n${block}\n${text.slice(to)}`);
}
