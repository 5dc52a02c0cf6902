// One participating business (PRODUCT §2 Businesses): logo, welcome reward, description, address and
// its join link.
import type { Location } from '@contract';
import { BusinessLogo } from '@/components/ui/BusinessLogo.tsx';
import { ButtonLink } from '@/components/ui/Button.tsx';

export function LocationCard({ location }: { location: Location }) {
  return (
    <li className="flex flex-col rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <BusinessLogo location={location} />
        <div>
          <h3 className="font-display text-lg font-bold">{location.businessName}</h3>
          <p className="text-sm text-bark-700">
            <span className="sr-only">Address: </span>
            {location.address}
          </p>
        </div>
      </div>
      {location.welcomeReward ? (
        <p className="mt-3 w-fit rounded-lg bg-honey-400/25 px-2.5 py-1 text-sm font-semibold text-bark-900">
          Welcome reward: {location.welcomeReward.name}
        </p>
      ) : null}
      <p className="mt-3 flex-1 text-sm text-bark-700">{location.description}</p>
      {location.hours ? (
        <p className="mt-2 text-sm text-bark-700">
          <span className="font-semibold">Hours:</span> {location.hours}
        </p>
      ) : null}
      <ButtonLink
        to={`/business/${location.id}/join`}
        variant="secondary"
        className="mt-4 self-start"
        aria-label={`Join at ${location.businessName}`}
      >
        Join
      </ButtonLink>
    </li>
  );
}
