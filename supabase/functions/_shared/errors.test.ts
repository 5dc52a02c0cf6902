// Database errors become the statuses the API promises, and nothing unexpected leaks out as one.
import { describe, expect, it } from 'vitest';
import { connectionLost, fromDatabaseError } from './errors.ts';

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
      message: 'Some of what was sent is not valid. Please check it and try again.',
    });
  });

  it('answers an outage (restart, lost connection, statement timeout, deadlock) as 503 with a Retry-After', () => {
    const outages = ['57P01', '57P02', '57P03', '08006', '08003', '53300', '57014', '55P03', '40001', '40P01',
      'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET'];
    for (const code of outages) {
      expect(fromDatabaseError({ code, message: 'terminating connection due to administrator command' })).toMatchObject({
        status: 503,
        code: 'unavailable',
        retryAfterSeconds: 2,
      });
    }
  });

  it('leaves unexpected errors unmapped (a 500 that is logged)', () => {
    expect(fromDatabaseError({ code: '42P01', message: 'relation does not exist' })).toBeUndefined();
    expect(fromDatabaseError(new Error('boom'))).toBeUndefined();
  });
});

describe('connectionLost', () => {
  it('tells a dead connection (restart, reset, shutdown) from a failed statement', () => {
    for (const code of ['57P01', '57P02', '08006', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE']) {
      expect([code, connectionLost({ code })]).toEqual([code, true]);
    }
    for (const code of ['LY409', '23505', '57014', '40001', '22P02']) {
      expect([code, connectionLost({ code })]).toEqual([code, false]);
    }
    expect(connectionLost(new Error('no code'))).toBe(false);
    expect(connectionLost(null)).toBe(false);
  });
});
