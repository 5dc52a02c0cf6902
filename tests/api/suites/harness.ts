// One harness per suite run: created before the suite's tests, closed after them.
import { afterAll, beforeAll } from 'vitest';
import { createApiHarness, type ApiHarness, type DatabaseKind, type HarnessOptions } from '../../support/api-harness.ts';

export function useHarness(kind: DatabaseKind, options: HarnessOptions = {}): () => ApiHarness {
  let harness: ApiHarness | undefined;
  beforeAll(async () => {
    harness = await createApiHarness(kind, options);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the harness did not start');
    return harness;
  };
}

/** Bodies that are not what any endpoint takes: each must be a 400 that changes nothing. */
export const NOT_AN_OBJECT = ['null', '[]', '"text"', '42', 'true'];
export const HUGE_TEXT = 'x'.repeat(5_000);
