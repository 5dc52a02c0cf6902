import { scanKind } from './scan-kind.ts';

it('tells member cards, check-in tokens and redemption codes from anything else', () => {
  expect(scanKind('customer:00000000-0000-4000-8000-0000000000aa')).toBe('card');
  // A replaced card carries its code.
  expect(scanKind('customer:00000000-0000-4000-8000-0000000000aa:0123456789ab')).toBe('card');
  expect(scanKind('a'.repeat(64))).toBe('token');
  for (const code of ['KTR472', 'ktr 472', 'KTR-472', 'redeem:KTR472']) expect(scanKind(code)).toBe('redemption');
  for (const other of ['customer:', 'customer:123', 'customer:00000000-0000-4000-8000-0000000000aa:12', 'KTR471', `${'0a'.repeat(31)}0`, '{}', '', 'x', '12', 'Ana2']) {
    expect(scanKind(other)).toBe('other');
  }
});

it('takes a name (2+ letters) or 3+ phone digits as a member search', () => {
  for (const search of ['hello', 'Zoë', "O'Neil Ann-Marie", 'Ji', '555', '(312) 555-0142', '+1 312 555 0142']) {
    expect(scanKind(search)).toBe('search');
  }
});
