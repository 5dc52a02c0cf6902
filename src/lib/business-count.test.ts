import { describe, expect, it } from 'vitest';
import { businessesPhrase, countInWords } from './business-count.ts';
import { withThresholds } from './programme.ts';

describe('the count of businesses in words', () => {
  it('says small counts in words and larger ones in figures', () => {
    expect(countInWords(7)).toBe('seven');
    expect(countInWords(13)).toBe('13');
  });

  it('agrees with the count and drops the number while unknown', () => {
    expect(businessesPhrase(7)).toBe('seven local businesses');
    expect(businessesPhrase(1)).toBe('one local business');
    expect(businessesPhrase(undefined)).toBe('local businesses');
    expect(businessesPhrase(6, 'business')).toBe('six businesses');
  });

  it('fills {businesses} in content next to the thresholds', () => {
    const tiers = [{ name: 'Silver', minPoints: 15, goalLabel: 'Silver', reward: null }] as never;
    expect(withThresholds('The {businesses} taking part; Silver at {silver}.', tiers, 7)).toBe(
      'The seven businesses taking part; Silver at 15.',
    );
    expect(withThresholds('shared by {businesses} of our village', tiers)).toBe('shared by businesses of our village');
  });
});
