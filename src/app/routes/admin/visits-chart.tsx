// Placeholder until GET visits-by-day lands.
import type { LocationList } from '@contract';
import type { AdminFilters } from '@/features/admin/api/filters.ts';

export default function VisitsChart(_props: { filters: AdminFilters; locations: LocationList | undefined }) {
  return <p className="mt-4 text-bark-700">No visits in this range</p>;
}
