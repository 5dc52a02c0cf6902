// The name rule in the contract (zod), over the cases the SQL twin private.clean_name also passes.
import { describe, expect, it } from 'vitest';
import { CreateCustomerRequest, PersonName } from '../../supabase/functions/_shared/contract.ts';
import { NAME_CASES } from '../support/name-cases.ts';

const show = (value: string) => JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

describe('PersonName', () => {
  it.each(NAME_CASES.map((c) => [show(c.input), c] as const))('cleans %s', (_, { input, expected }) => {
    const result = PersonName.safeParse(input);
    if (expected === null) {
      expect(result.success).toBe(false);
    } else {
      expect(result.success && result.data).toBe(expected);
    }
  });

  it('names the field and says why a name of invisible characters is refused', () => {
    const result = CreateCustomerRequest.safeParse({ name: '\u200b\u200b', phone: '3125550100' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name needs at least one visible character'],
    ]);
  });
});
