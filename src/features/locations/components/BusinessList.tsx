// The participating businesses as cards, with loading, error (retry) and empty states.
import type { Location } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { useLocations } from '../api/get-locations.ts';

function BusinessCard({ location }: { location: Location }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <img
        src={location.logoUrl}
        alt={`${location.businessName} logo`}
        className="h-16 w-16 shrink-0"
      />
      <div>
        <h3 className="font-display text-lg font-bold">{location.businessName}</h3>
        <p className="mt-1 inline-block rounded-lg bg-honey-400/25 px-2.5 py-0.5 text-sm font-semibold text-bark-900">
          Welcome reward: {location.welcomeReward.name}
        </p>
        <p className="mt-2 text-sm text-bark-700">{location.description}</p>
      </div>
    </li>
  );
}

export function BusinessList() {
  const { data, isPending, isError, error, refetch, isFetching } = useLocations();
  if (isPending) {
    return (
      <p aria-busy="true" role="status" className="text-bark-700">
        Loading businesses…
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
        <p className="font-semibold text-red-900">We couldn't load the participating businesses.</p>
        <p className="mt-1 text-sm text-red-800">{error.message}</p>
        <Button className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (data.length === 0) {
    return <p className="text-bark-700">No businesses have joined the programme yet.</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {data.map((location) => (
        <BusinessCard key={location.id} location={location} />
      ))}
    </ul>
  );
}
