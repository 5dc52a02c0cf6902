// The name rule's cases, shared by the zod contract's test (tests/api/names.test.ts) and the SQL
// twin private.clean_name: NFC, invisible characters and whitespace trimmed from both ends, at
// least one visible character left (expected null: the name is refused).
export interface NameCase {
  input: string;
  expected: string | null;
}

export const NAME_CASES: NameCase[] = [
  { input: 'Ann Lee', expected: 'Ann Lee' },
  { input: '  Ann Lee  ', expected: 'Ann Lee' },
  { input: '\tAnn\n', expected: 'Ann' },
  { input: '', expected: null },
  { input: '   ', expected: null },
  { input: '\u200b\u200b\u200b', expected: null }, // zero-width spaces only
  { input: '\u200b\u200c\u200d\u2060\ufeff', expected: null }, // ZWSP, ZWNJ, ZWJ, word joiner, BOM
  { input: '\u00a0\u3000\u2003', expected: null }, // no-break, ideographic and em spaces
  { input: '\u00ad\u034f\u115f\u1160\u3164\uffa0', expected: null }, // soft hyphen, CGJ, Hangul fillers
  { input: '\u202e\u202d\u2066\u2069\u200e\u200f', expected: null }, // bidi controls
  { input: '\ufe0f\ufe0e', expected: null }, // variation selectors
  { input: '\u{e0041}\u{e0042}', expected: null }, // tag characters
  { input: '\u0007\u001b', expected: null }, // control characters
  { input: '\u200bAnn\u200b', expected: 'Ann' },
  { input: '\ufeff José \u2060', expected: 'José' },
  { input: 'Jose\u0301', expected: 'José' }, // NFC: e + combining acute becomes é
  { input: 'Zoë\u0308', expected: 'Zoë\u0308' }, // a mark with no precomposed form stays
  { input: 'Mary\u200dAnn', expected: 'Mary\u200dAnn' }, // inside the name: kept
  { input: '李小龍', expected: '李小龍' },
  { input: '👩\u200d👩\u200d👧', expected: '👩\u200d👩\u200d👧' },
  { input: `${'a'.repeat(100)}`, expected: 'a'.repeat(100) },
  { input: ` ${'a'.repeat(100)} \u200b`, expected: 'a'.repeat(100) },
  { input: 'a'.repeat(101), expected: null }, // longer than 100 characters
];
