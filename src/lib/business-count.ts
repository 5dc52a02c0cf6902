// How many businesses take part, in words: no screen fixes the count the programme
// started with. The count comes from GET /api/locations (useBusinessCount in
// features/locations/api/business-count.ts).

const WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** A count in words for small numbers ("seven"), in figures beyond twelve. */
export function countInWords(count: number): string {
  return WORDS[count] ?? String(count);
}

/**
 * "seven local businesses" / "one local business" (`noun` is the singular). Without a count
 * (still loading, or the list failed) the phrase has no number, so it is never wrong.
 */
export function businessesPhrase(count: number | undefined, noun = 'local business'): string {
  if (count === undefined) return `${noun}es`;
  return `${countInWords(count)} ${count === 1 ? noun : `${noun}es`}`;
}
