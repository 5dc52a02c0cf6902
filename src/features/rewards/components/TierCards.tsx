// Bronze, Silver and Gold as cards (SPEC §2 Businesses, §4 tiers, §9 rewards).
import { Card } from '@/components/ui/Card.tsx';
import { GOLD_POINTS, SILVER_POINTS } from '../lib/tier.ts';
import { TierBadge } from './TierBadge.tsx';

const TIERS = [
  {
    name: 'Bronze',
    points: 'From your first visit',
    perks: ['A welcome reward at each business, on your first visit there', '5 points per visit'],
  },
  {
    name: 'Silver',
    points: `${SILVER_POINTS} points`,
    perks: ['$5 off at any participating business', 'Everything in Bronze'],
  },
  {
    name: 'Gold',
    points: `${GOLD_POINTS} points`,
    perks: ['$10 off at any participating business', 'Everything in Silver'],
  },
];

export function TierCards(props: { headingLevel?: 'h3' | 'h2' }) {
  const Heading = props.headingLevel ?? 'h3';
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {TIERS.map((tier) => (
        <li key={tier.name}>
          <Card className="h-full">
            <div className="flex items-center justify-between">
              <Heading className="font-display text-xl font-bold">{tier.name}</Heading>
              <TierBadge status={tier.name} />
            </div>
            <p className="mt-1 text-sm font-semibold text-bark-700">{tier.points}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-bark-900">
              {tier.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          </Card>
        </li>
      ))}
    </ul>
  );
}
