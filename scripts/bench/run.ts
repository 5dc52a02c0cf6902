// What one bench run measured: the record report.ts prints and goals.ts reads.
import type { Budget, Scores } from './frontend.ts';
import type { Summary } from './stats.ts';

export interface Report {
  quick: boolean;
  startedAt: Date;
  seconds: number;
  postgres: string;
  load: string;
  scale: string;
  tpcb: { clients: number; tps?: number }[];
  rules: { name: string; clients: number; tps?: number }[];
  phases: Summary[];
  doors: Summary[];
  budgets: Budget[];
  lighthouse: Scores[];
  /** CPU per successful request of some phases (goals.ts explains a missed goal with it). */
  cpu?: PhaseCpu[];
  /** Logical cores of the machine the run was on. */
  cores?: number;
}

/**
 * CPU time per successful request during one phase, in ms, from /proc: the Postgres backends
 * of the bench's database, the api server's process and the bench's own process (the load
 * generator, on the same cores). Other work on the machine is not counted; `othersCores`
 * is the rest of the machine's busy time over the phase, in cores (from /proc/stat).
 */
export interface PhaseCpu {
  name: string;
  clients: number;
  postgresMs: number;
  apiMs: number;
  driverMs: number;
  othersCores?: number;
}
