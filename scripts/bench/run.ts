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
}
