// The funder's report page: every figure where a reader looks for it, "fewer than 3" for a
// withheld one, and the summary paragraph written from the same figures.
import { render, screen, within } from '@testing-library/react';
import type { FunderReportResponse } from '@contract';
import { funderSummary } from '../lib/funder-summary.ts';
import { FunderReport } from './FunderReport.tsx';

const REPORT: FunderReportResponse = {
  month: '2026-11', monthLabel: 'November 2026', timeZone: 'America/Chicago',
  from: '2026-11-01T05:00:00+00:00', to: '2026-12-01T06:00:00+00:00',
  villagePopulation: 4380, members: 412, membersPercentOfVillage: 9.4, newMembers: 37, activeMembers: 186,
  returningMembers: 150, visits: 530, repeatVisits: 301,
  crossShopping: { twoOrMore: 74, threeOrMore: 21, twoOrMorePercent: 39.8 },
  firstVisitsFromOtherBusinesses: 61,
  businesses: [
    { locationId: 'creamery', businessName: 'Village Creamery', visits: 210, members: 120, firstVisits: 30, firstVisitsFromOtherBusinesses: 22 },
    { locationId: 'museum', businessName: 'Village Heritage Museum', visits: null, members: null, firstVisits: null, firstVisitsFromOtherBusinesses: 0 },
  ],
  rewards: { redeemed: 48, welcome: 30, tier: 17, prize: 1, valueCents: 26000, expired: 0 },
  settlement: { redemptions: 48, crossBusiness: 12, crossBusinessCents: 8500, transfers: 4, transfersCents: 8500 },
  texts: { sent: 120, optOuts: null },
  draw: { id: '00000000-0000-4000-8000-000000000001', status: 'drawn', prizeName: '$25 voucher', sponsorName: 'Village Creamery',
          entrants: 54, totalEntries: 80, winnerDrawn: true, prizeRedeemed: true },
};

it('shows each figure, withheld ones as "fewer than 3", and a table per business', () => {
  render(<FunderReport report={REPORT} />);
  expect(screen.getByRole('heading', { level: 1, name: 'November 2026' })).toBeInTheDocument();
  const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
  expect(figure('Members')).toHaveTextContent('4129.4% of the village');
  expect(figure('New members')).toHaveTextContent('37');
  expect(figure('Shopped at 2+ businesses')).toHaveTextContent('7439.8% of active members');
  expect(figure('Opted out of texts')).toHaveTextContent('fewer than 3');
  expect(figure('Rewards redeemed')).toHaveTextContent('48$260.00 of Silver, Gold and prize rewards');
  expect(figure('Honoured for another business')).toHaveTextContent('12$85.00 settled in 4 payments');
  expect(figure('Members entered')).toHaveTextContent('54prize collected');
  const museum = screen.getByRole('row', { name: /Village Heritage Museum/ });
  expect(within(museum).getAllByText('fewer than 3')).toHaveLength(3);
  expect(within(museum).getByText('0')).toBeInTheDocument();
  expect(screen.getByText(/Save as PDF/)).toBeInTheDocument();
});

it('writes the summary from the figures, in plain words', () => {
  expect(funderSummary(REPORT)).toBe(
    "At the end of November 2026 the scheme had 412 members — 9.4% of the village's 4,380 people, and 37 people joined during the month. " +
    '186 members made 530 visits to the 2 businesses, 301 of them back at a business they already knew. ' +
    '74 members shopped at two or more businesses (39.8% of those who visited), and businesses got 61 first visits from members who came through another business. ' +
    'Members redeemed 48 rewards ($260.00 of Silver, Gold and prize rewards); settling rewards honoured for each other takes 4 payments between businesses, $85.00 in all. ' +
    '120 texts went to members and fewer than 3 members asked for no more. ' +
    'The November 2026 prize draw ($25 voucher, from Village Creamery) was drawn among 54 members; the prize has been collected.');
  const quiet = funderSummary({ ...REPORT, villagePopulation: null, membersPercentOfVillage: null, newMembers: null, activeMembers: 0,
    visits: 0, rewards: { redeemed: 0, welcome: 0, tier: 0, prize: 0, valueCents: 0, expired: 0 }, draw: null });
  expect(quiet).toContain('the scheme had 412 members, and fewer than 3 people joined');
  expect(quiet).toContain('No member visited any of the 2 businesses.');
  expect(quiet).toContain('No rewards were redeemed.');
  expect(quiet).not.toContain('prize draw');
  expect(funderSummary({ ...REPORT, texts: { sent: 0, optOuts: 0 } })).toContain('No texts were sent, and nobody asked for no more.');
});
