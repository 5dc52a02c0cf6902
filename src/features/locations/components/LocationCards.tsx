// The participating businesses as cards, with loading (skeletons), error (retry) and empty states.
import { Button } from '@/components/ui/Button.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { userMessage } from '@/lib/api-client.ts';
import { useLocations } from '../api/get-locations.ts';
import { LocationCard } from './LocationCard.tsx';

export function LocationCards() {
  const { data, isPending, isError, error, refetch, isFetching } = useLocations();
  if (isPending) {
    return (
      <div>
        <p aria-busy="true" role="status" className="mb-4 text-bark-700">
          Loading businesses…
        </p>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-56" />
          ))}
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
        <p className="font-semibold text-red-900">We couldn't load the participating businesses.</p>
        <p className="mt-1 text-sm text-red-800">{userMessage(error)}</p>
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
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {data.map((location) => (
        <LocationCard key={location.id} location={location} />
      ))}
    </ul>
  );
}
