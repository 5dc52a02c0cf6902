// No validator's raw words reach a person: a refused body, query or value is answered with
// sentences that say what to change ("The message is too long: use at most 20000 characters."),
// never zod's "Too big: expected string to have <=20000 characters" or "Invalid query".
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../supabase/functions/_shared/errors.ts';
import { checkInput } from '../../supabase/functions/_shared/validation.ts';
import { createMember } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const RAW = /Too (big|small)|Invalid (body|query|input|path)|expected \w+|received|Unrecognized/i;

function refusal(schema: z.ZodType, value: unknown, where = 'body'): ApiError {
  try {
    checkInput(schema, value, where);
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('not refused');
}

describe('checkInput words each problem for a person', () => {
  const schema = z.strictObject({
    message: z.string().max(10),
    phone: z.string().min(1),
    customerRewardId: z.uuid(),
    email: z.email().optional(),
    range: z.enum(['7days', '30days']).optional(),
    points: z.number().int().max(100).optional(),
    reason: z.string().refine((v) => !v.includes('!'), 'A reason has no exclamation marks').optional(),
  });

  it.each([
    [{ message: 'x'.repeat(11), phone: '1', customerRewardId: crypto.randomUUID() }, 'message', 'The message is too long: use at most 10 characters.'],
    [{ message: 'ok', phone: '', customerRewardId: crypto.randomUUID() }, 'phone', 'The phone number is required.'],
    [{ message: 'ok', customerRewardId: crypto.randomUUID() }, 'phone', 'The phone number is required.'],
    [{ message: 'ok', phone: '1', customerRewardId: 'nope' }, 'customerRewardId', 'The reward is not in the right format.'],
    [{ message: 'ok', phone: '1', customerRewardId: crypto.randomUUID(), email: 'a@' }, 'email', 'The email address is not a valid email address.'],
    [{ message: 'ok', phone: '1', customerRewardId: crypto.randomUUID(), range: 'year' }, 'range', 'The range must be one of: 7days, 30days.'],
    [{ message: 'ok', phone: '1', customerRewardId: crypto.randomUUID(), points: 101 }, 'points', 'The points must be at most 100.'],
    [{ message: 'ok', phone: '1', customerRewardId: crypto.randomUUID(), points: 'five' }, 'points', 'The points is not the right kind of value.'],
    // A message the contract wrote itself is kept as written.
    [{ message: 'ok', phone: '1', customerRewardId: crypto.randomUUID(), reason: 'Now!' }, 'reason', 'A reason has no exclamation marks'],
  ])('%j → %s', (value, field, sentence) => {
    const error = refusal(schema, value);
    expect(error.status).toBe(400);
    expect(error.fields?.[field]).toEqual([sentence]);
    expect(error.message).toBe(sentence);
    expect(error.message).not.toMatch(RAW);
  });

  it('an unknown field is named in a sentence; several problems are said together', () => {
    const error = refusal(schema, { message: 'x'.repeat(11), phone: '', customerRewardId: crypto.randomUUID(), colour: 'red' });
    expect(error.fields?.colour).toEqual(['Unknown field']);
    expect(error.message).toBe(
      'The message is too long: use at most 10 characters. The phone number is required. “colour” is not something this request takes.',
    );
  });
});

describe('the API answers in words (pglite)', () => {
  const h = useHarness('pglite');

  it('a too long contact message, a missing field and an unknown query key are refused in plain words', async () => {
    const long = await h().call('POST', '/api/contact', {
      body: { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'x'.repeat(6_000) },
    });
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe('Message is at most 5000 characters');
    expect(JSON.stringify(long.body)).not.toMatch(RAW);
    const missing = await h().call('POST', '/api/contact', { body: { name: 'Ana', message: 'Hello' } });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toBe('The email address is required.');

    const member = await createMember(h());
    const query = await h().call('GET', '/api/me?colour=red', { token: member.token });
    expect(query.status).toBe(400);
    expect(query.error?.message).toBe('“colour” is not something this request takes.');
  });
});
