// Businesses (SPEC §2): the participating businesses from GET /api/locations.
import { BusinessList } from '@/features/locations/components/BusinessList.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function BusinessesPage() {
  usePageTitle('Participating Businesses');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="mb-6 font-display text-3xl font-bold">Participating Businesses</h1>
      <BusinessList />
    </section>
  );
}
