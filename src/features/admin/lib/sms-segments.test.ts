// Carriers' count of SMS parts: GSM-7 160 / 153 per part, UCS-2 70 / 67.
import { smsSegments } from './sms-segments.ts';

describe('smsSegments', () => {
  it('counts a GSM-7 text as 1 message up to 160 characters, then parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1, units: 160 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2, units: 161 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extension character (€, braces) as two', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1, units: 160 });
    expect(smsSegments(`${'a'.repeat(159)}€`).segments).toBe(2);
  });

  it('makes the whole text UCS-2 for one emoji or curly quote: 70, then parts of 67', () => {
    expect(smsSegments(`${'a'.repeat(68)}😀`)).toEqual({ encoding: 'UCS-2', segments: 1, units: 70 });
    expect(smsSegments(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'UCS-2', segments: 1, units: 70 });
    expect(smsSegments(`${'a'.repeat(70)}’`).segments).toBe(2);
    // An emoji is never split across parts: 66 units then the emoji starts the second part.
    expect(smsSegments(`${'a'.repeat(66)}😀${'b'.repeat(10)}`).segments).toBe(2);
    expect(smsSegments(`${'a'.repeat(66)}😀${'b'.repeat(66)}`).segments).toBe(3);
  });
});
