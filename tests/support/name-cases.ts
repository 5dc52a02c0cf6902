// The name rule's cases, shared by the zod contract's test (tests/api/names.test.ts) and the SQL
// twin private.clean_name: NFC, invisible characters and whitespace trimmed from both ends, at
// least one visible character left, nothing hidden inside (controls, bidi overrides and isolates,
// zero-width spaces...) (expected null: the name is refused).
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
  // Hidden inside: refused (at the ends they are trimmed like any invisible character).
  { input: 'Ann\u202eeeL', expected: null }, // right-to-left override
  { input: 'Ann \u2066Lee\u2069 Jr', expected: null }, // isolates
  { input: 'Ann\u001b[31mLee', expected: null }, // a terminal escape
  { input: 'Ann\u0007Lee', expected: null }, // bell
  { input: 'Ann\r\nLee', expected: null }, // a second line
  { input: 'Ann\nLee', expected: null },
  { input: 'Ann\tLee', expected: null },
  { input: 'Ann\u0085Lee', expected: null }, // C1 next line
  { input: 'Ann\u200bLee', expected: null }, // zero-width space
  { input: 'Ann\ufeffLee', expected: null }, // byte order mark
  { input: 'Ann\u2060Lee', expected: null }, // word joiner
  { input: 'Ann\u00adLee', expected: null }, // soft hyphen
  { input: 'Ann\u{e0041}Lee', expected: null }, // a tag character
  { input: 'Ann\u0007', expected: 'Ann' }, // at the end: trimmed
  { input: '\u202eAnn', expected: 'Ann' },
  // Kept inside: joiners, direction marks, variation selectors.
  { input: 'Ann\u200eLee', expected: 'Ann\u200eLee' }, // left-to-right mark
  { input: 'می\u200cخواهم', expected: 'می\u200cخواهم' }, // zero-width non-joiner (Persian)
  { input: 'I \u2764\ufe0f NY', expected: 'I \u2764\ufe0f NY' },
];

/**
 * The rule for texts with lines (descriptions, content, a contact message): the same characters
 * are refused, but a line feed is text. A carriage return is still refused.
 */
export const LINES_CASES: { input: string; refused: boolean }[] = [
  { input: 'Line one\nLine two', refused: false },
  { input: 'Line one\n\nLine three', refused: false },
  { input: 'Line one\r\nLine two', refused: true },
  { input: 'Line one\rLine two', refused: true },
  { input: 'Reply STOP\u202e to opt out', refused: true },
  { input: 'Your code is\u200b 123456', refused: true },
  { input: 'Ding\u0007 dong', refused: true },
  { input: 'Tab\tinside', refused: true },
  { input: 'Emoji \ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67 family', refused: false },
];
