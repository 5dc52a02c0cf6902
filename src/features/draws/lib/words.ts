// The sentences a member reads about their entries, from the figures /api/me/draws answers.
import type { MyDraw } from '@contract';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

export const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;
export const inWords = (n: number) => NUMBERS[n] ?? String(n);

/** The draw's month alone ("November") for a member's sentence. */
const monthName = (draw: Pick<MyDraw, 'monthLabel'>) => draw.monthLabel.split(' ')[0] ?? draw.monthLabel;

/**
 * "2 entries in the November draw — visit one more business for a third", or what stands in its
 * place: no entry yet, the cap reached, a drawn draw, a win, not eligible.
 */
export function entriesSentence(draw: MyDraw): string {
  const name = `the ${monthName(draw)} draw`;
  if (draw.won) return `You won ${name}! Your prize is in your rewards below.`;
  if (!draw.eligible) return `Staff, owners and the programme's team are not entered in ${name}.`;
  const count = `${draw.entries} ${draw.entries === 1 ? 'entry' : 'entries'}`;
  if (draw.status === 'drawn') {
    return draw.entries > 0 ? `You had ${count} in ${name}. It has been drawn: see who won on the draws page.`
                            : `${name[0]!.toUpperCase()}${name.slice(1)} has been drawn.`;
  }
  const more = draw.businessesForNextEntry;
  if (draw.entries === 0) {
    const need = more ?? draw.rule.minBusinesses;
    return `No entries yet in ${name} — visit ${inWords(need)} more ${need === 1 ? 'business' : 'businesses'} this month to enter.`;
  }
  if (more === null) return `${count} in ${name} — the most anyone can have.`;
  return `${count} in ${name} — visit ${inWords(more)} more ${more === 1 ? 'business' : 'businesses'} for a ${ordinal(draw.entries + 1)}.`;
}

export const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 ? 2 : 0 });
