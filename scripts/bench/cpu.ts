// CPU time from /proc (clock ticks of 1/100 s on Linux), for "CPU per request" figures that
// stay meaningful on a machine shared with other work: only the processes named are counted.
import { readdirSync, readFileSync } from 'node:fs';

function ticksOf(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU seconds used so far by the client backends connected to `database` (their process
 * title names the database; its autovacuum workers are left out), or by every postgres
 * process when no database is given. A
 * backend's time is lost from the sum when it exits, so measure over a pool that stays open.
 */
export function postgresCpuSeconds(database?: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!title.startsWith('postgres')) continue;
      if (database !== undefined && !title.includes(` ${database} `)) continue;
      // The requests' own backends only: an autovacuum worker of the database (after a seed, a
      // bulk of tokens) would land its whole run on the phase it happens to overlap.
      if (database !== undefined && title.includes('autovacuum')) continue;
      ticks += ticksOf(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

/** CPU seconds used so far by one process (e.g. the bench's api server). */
export function processCpuSeconds(pid: number): number {
  try {
    return ticksOf(String(pid)) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Seconds the whole machine's cores have been busy so far (all processes, from /proc/stat). */
export function machineBusySeconds(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}
