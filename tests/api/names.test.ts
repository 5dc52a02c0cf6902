// The name rule in the contract (zod), over the cases the SQL twin private.clean_name also passes.
import { describe, expect, it } from 'vitest';
import { CreateCustomerRequest, PersonName, visibleText } from '../../supabase/functions/_shared/contract.ts';
import { LINES_CASES, NAME_CASES } from '../support/name-cases.ts';

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

describe('the same rule for every human text', () => {
  it('names the field and the character hidden inside a name', () => {
    const result = CreateCustomerRequest.safeParse({ name: 'Ann\u202eeeL', phone: '3125550100' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name has an invisible or text-direction character (U+202E); remove it'],
    ]);
    const escape = CreateCustomerRequest.safeParse({ name: 'Ann\u001b[2JLee', phone: '3125550100' });
    expect(escape.error?.issues.map((issue) => issue.message)).toEqual(['Name has a control character (U+001B); remove it']);
  });

  it.each(LINES_CASES.map((c) => [show(c.input), c] as const))('texts with lines: %s', (_, { input, refused }) => {
    expect(visibleText('Text', 300, { lines: true }).safeParse(input).success).toBe(!refused);
  });
});

