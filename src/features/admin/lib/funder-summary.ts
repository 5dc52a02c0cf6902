// The funder's report's paragraph in plain words, written from its figures: what a councillor
// reads first. A withheld figure (about fewer than 3 members) is said as "fewer than 3".
import type { FunderReportResponse } from '@contract';
import { formatCents } from './money.ts';

const n = (value: number | null, one: string, many = `${one}s`) =>
  value === null ? `fewer than 3 ${many}` : `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

export function funderSummary(r: FunderReportResponse): string {
  const month = r.monthLabel;
  const parts: string[] = [];
  const share = r.membersPercentOfVillage !== null && r.villagePopulation !== null
    ? ` — ${r.membersPercentOfVillage}% of the village's ${r.villagePopulation.toLocaleString('en-US')} people`
    : '';
  parts.push(`At the end of ${month} the scheme had ${n(r.members, 'member')}${share}, and ${n(r.newMembers, 'person', 'people')} joined during the month.`);
  const open = r.businesses.length;
  if (r.activeMembers === 0) {
    parts.push(`No member visited any of the ${open} businesses.`);
  } else {
    parts.push(`${n(r.activeMembers, 'member')} made ${n(r.visits, 'visit')} to the ${open} businesses` +
      (r.repeatVisits !== null && r.repeatVisits > 0 ? `, ${r.repeatVisits.toLocaleString('en-US')} of them back at a business they already knew.` : '.'));
    const two = r.crossShopping.twoOrMore;
    parts.push(`${n(two, 'member')} shopped at two or more businesses${r.crossShopping.twoOrMorePercent !== null ? ` (${r.crossShopping.twoOrMorePercent}% of those who visited)` : ''}, ` +
      `and businesses got ${n(r.firstVisitsFromOtherBusinesses, 'first visit')} from members who came through another business.`);
  }
  if (r.rewards.redeemed === 0) {
    parts.push('No rewards were redeemed.');
  } else {
    parts.push(`Members redeemed ${n(r.rewards.redeemed, 'reward')}${r.rewards.valueCents ? ` (${formatCents(r.rewards.valueCents)} of Silver, Gold and prize rewards)` : ''}` +
      (r.settlement.transfers > 0
        ? `; settling rewards honoured for each other takes ${r.settlement.transfers} ${r.settlement.transfers === 1 ? 'payment' : 'payments'} between businesses, ${formatCents(r.settlement.transfersCents)} in all.`
        : '; no business owes another for them.'));
  }
  const optOuts = r.texts.optOuts === 0 ? 'nobody asked for no more' : `${n(r.texts.optOuts, 'member')} asked for no more`;
  parts.push(r.texts.sent === 0 ? `No texts were sent, and ${optOuts}.`
                                : `${n(r.texts.sent, 'text')} went to members and ${optOuts}.`);
  if (r.draw) {
    parts.push(r.draw.status === 'drawn'
      ? `The ${month} prize draw (${r.draw.prizeName}, from ${r.draw.sponsorName}) was drawn among ${n(r.draw.entrants, 'member')}` +
        (r.draw.winnerDrawn ? `; the prize has ${r.draw.prizeRedeemed ? 'been collected' : 'not been collected yet'}.` : ', with no winner.')
      : `The ${month} prize draw (${r.draw.prizeName}, from ${r.draw.sponsorName}) has ${n(r.draw.entrants, 'member')} entered so far.`);
  }
  return parts.join(' ');
}
