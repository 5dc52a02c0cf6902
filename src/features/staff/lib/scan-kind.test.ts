import { scanKind } from './scan-kind.ts';

it('tells member cards, check-in tokens and redemption codes from anything else', () => {
  expect(scanKind('customer:00000000-0000-4000-8000-0000000000aa')).toBe('card');
  expect(scanKind('a'.repeat(64))).toBe('token');
  for (const code of ['KTR472', 'ktr 472', 'KTR-472', 'redeem:KTR472']) expect(scanKind(code)).toBe('redemption');
  for (const other of ['customer:', 'customer:123', 'hello', 'KTR471', 'a'.repeat(63), '{}', '']) {
    expect(scanKind(other)).toBe('other');
  }
});
