// Bronze, Silver and Gold as cards (PRODUCT §2 Businesses, §4 tiers, §9 rewards): thresholds and
// rewards from GET /api/programme, never fixed here.
import { Card } from '@/components/ui/Card.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { useProgramme } from '@/lib/programme.ts';
import { TierBadge } from './TierBadge.tsx';

export function TierCards(props: { headingLevel?: 'h3' | 'h2' }) {
  const Heading = props.headingLevel ?? 'h3';
  const programme = useProgramme();
  if (programme.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-3">
        <p role="status" className="sr-only">
          Loading the tiers…
        </p>
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    );
  }
  if (!programme.data) {
    return <p role="alert">We couldn&apos;t load the tiers. Please try again later.</p>;
  }
  const tiers = programme.data.tiers;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {tiers.map((tier, index) => {
        const below = tiers[index - 1];
        const perks =
          index === 0
            ? ['A welcome reward at each business, on your first visit there', '5 points per visit']
            : [tier.reward?.description ?? tier.reward?.name ?? '', `Everything in ${below?.name ?? ''}`].filter(Boolean);
        return (
          <li key={tier.name}>
            <Card className="h-full">
              <div className="flex items-center justify-between">
                <Heading className="font-display text-xl font-bold">{tier.name}</Heading>
                <TierBadge status={tier.name} />
              </div>
              <p className="mt-1 text-sm font-semibold text-bark-700">
                {tier.minPoints === 0 ? 'From your first visit' : `${tier.minPoints} points`}
              </p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-bark-900">
                {perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
