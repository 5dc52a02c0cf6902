// Businesses (PRODUCT §2): the six participating businesses from GET /api/locations, and the tiers.
import { LocationCards } from '@/features/locations/components/LocationCards.tsx';
import { TierCards } from '@/features/rewards/components/TierCards.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function BusinessesPage() {
  usePageTitle('Participating Businesses');
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
            Participating Businesses
          </h1>
          <p className="mt-3 max-w-2xl text-bark-700">
            One membership works at all of them. Join at any business to get its welcome reward on
            your first visit there, then keep earning 5 points every time you check in.
          </p>
        </div>
      </section>
      <section aria-labelledby="list-heading" className="mx-auto max-w-6xl px-4 pb-12">
        <h2 id="list-heading" className="sr-only">
          The businesses
        </h2>
        <LocationCards />
      </section>
      <section aria-labelledby="tiers-heading" className="bg-cream-100">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="tiers-heading" className="font-display text-2xl font-bold">
            Membership tiers
          </h2>
          <p className="mt-2 mb-6 text-bark-700">
            Your points add up across every business, and they never expire.
          </p>
          <TierCards />
        </div>
      </section>
    </>
  );
}
