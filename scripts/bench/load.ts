// Closed-loop load: `clients` workers each send the next request as soon as their last one
// answered, until the phase's time or request budget is spent. Returns every sample.
import type { Sample } from './stats.ts';

export interface Budget {
  /** Stop starting requests after this long. */
  ms: number;
  /** ...or after this many requests, whichever comes first. */
  max?: number;
}

export async function runLoad(
  clients: number,
  budget: Budget,
  one: (index: number) => Promise<number>,
): Promise<{ samples: Sample[]; wallMs: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + budget.ms;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      if ((budget.max !== undefined && index >= budget.max) || performance.now() >= deadline)
        return;
      next += 1;
      const t = performance.now();
      let status: number;
      try {
        status = await one(index);
      } catch {
        status = 0;
      }
      samples.push({ ms: performance.now() - t, status });
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return { samples, wallMs: performance.now() - started };
}
