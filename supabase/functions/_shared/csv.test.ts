// The CSV cells of the admin exports: RFC 4180 quoting and the formula-injection guard.
import { describe, expect, it } from 'vitest';
import { attachment, csvCell, csvLine } from './csv.ts';

describe('csv', () => {
  it('quotes cells with commas, quotes, line breaks or edge spaces, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('writes numbers, booleans, dates and nulls as they are', () => {
    expect(csvLine([5, -5, true, null, undefined, new Date('2026-01-02T03:04:05Z')])).toBe('5,-5,true,,,2026-01-02T03:04:05.000Z\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx']) expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'`)).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('names the file only with safe characters', () => {
    expect(attachment('visits-all-7days.csv')).toBe('attachment; filename="visits-all-7days.csv"');
    expect(() => attachment('a"b.csv')).toThrow();
  });
});
