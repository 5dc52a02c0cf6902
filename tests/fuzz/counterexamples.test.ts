// Failures the fuzz suite found, kept as plain tests so they stay fixed whatever the seed.
import { describe, expect, it } from 'vitest';
import { useHarness } from '../api/suites/harness.ts';
import { createMember } from '../support/api-factories.ts';

describe('fuzz counterexamples (pglite)', () => {
  const h = useHarness('pglite');

  // Found with FUZZ_SEED=20261123: `GET /api/me?__proto__=` as staff answered 500, because the
  // 400's field list was a plain object and `fields['__proto__'] ??= []` reached Object.prototype.
  it('answers 400 naming the field for query and body keys that are Object.prototype names', async () => {
    const member = await createMember(h());
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const query = await h().call('GET', `/api/me?${key}=`, { token: member.token });
      expect(query.status).toBe(400);
      expect(query.error).toMatchObject({ code: 'invalid_input', message: `“${key}” is not something this request takes.` });
      const body = await h().call('POST', '/api/contact', {
        body: `{"name":"Ana","email":"ana@example.com","subject":"Hi","message":"Hello","${key}":1}`,
      });
      expect(body.status).toBe(400);
      expect(body.error?.code).toBe('invalid_input');
    }
  });
});
