// Database errors become the statuses the API promises, and nothing unexpected leaks out as one.
import { describe, expect, it } from 'vitest';
import { fromDatabaseError } from './errors.ts';

describe('fromDatabaseError', () => {
  it('maps the SQL functions\' LY<status> errors to that status, with their message', () => {
    for (const status of [400, 401, 403, 404, 409, 410]) {
      const error = fromDatabaseError({ code: `LY${status}`, message: 'said by SQL' });
      expect([error?.status, error?.message]).toEqual([status, 'said by SQL']);
    }
  });

  it('passes a 429 wait on as Retry-After seconds', () => {
    expect(fromDatabaseError({ code: 'LY429', message: 'slow down', hint: '42' })?.retryAfterSeconds).toBe(42);
  });

  it("answers a unique violation as 409 'already exists' and a bad value as 400, without Postgres's wording", () => {
    expect(fromDatabaseError({ code: '23505', message: 'duplicate key value violates "customers_phone_key"' })).toMatchObject({
      status: 409,
      message: 'already exists',
    });
    expect(fromDatabaseError({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })).toMatchObject({
      status: 400,
      message: 'Invalid input',
    });
  });

  it('leaves unexpected errors unmapped (a 500 that is logged)', () => {
    expect(fromDatabaseError({ code: '42P01', message: 'relation does not exist' })).toBeUndefined();
    expect(fromDatabaseError(new Error('boom'))).toBeUndefined();
  });
});
