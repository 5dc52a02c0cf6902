// The client address comes from the one configured header only, never from one a client adds.
import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit.ts';

const from = (headers: Record<string, string>) => (name: string) => headers[name];

describe('clientAddress', () => {
  const spoofing = { 'x-real-ip': '198.51.100.1', 'true-client-ip': '198.51.100.2', 'x-client-ip': '198.51.100.3' };

  it('reads only the configured header (cf-connecting-ip, as hosted Supabase sets it)', () => {
    expect(clientAddress(from({ ...spoofing, 'cf-connecting-ip': '203.0.113.9' }), 'cf-connecting-ip')).toBe('203.0.113.9');
    expect(clientAddress(from(spoofing), 'cf-connecting-ip')).toBe('unknown');
  });

  it('takes the right-most X-Forwarded-For entry: the one the trusted proxy appended', () => {
    const header = from({ ...spoofing, 'x-forwarded-for': '10.0.0.1, 192.0.2.77 ,203.0.113.5' });
    expect(clientAddress(header, 'x-forwarded-for')).toBe('203.0.113.5');
    expect(clientAddress(from({ 'x-forwarded-for': ' , ' }), 'x-forwarded-for')).toBe('unknown');
  });

  it('ignores cf-connecting-ip when the deployment names another header', () => {
    expect(clientAddress(from({ 'cf-connecting-ip': '203.0.113.9', 'fly-client-ip': '192.0.2.1' }), 'fly-client-ip')).toBe('192.0.2.1');
  });
});
