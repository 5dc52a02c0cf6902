// The frame of the member screens (mobile, sign-in, account): a narrow column for a phone, the
// programme's name linking home, and the page title. A link from a kiosk's QR names its business
// (`?location=creamery`): kept as current_location_id for the mobile check-in.
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isBusinessSlug } from '@/features/locations/lib/slug.ts';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

function useLocationFromLink() {
  const location = useSearchParams()[0].get('location');
  useEffect(() => {
    if (location && isBusinessSlug(location))
      writeSession(SESSION_KEYS.locationId, location);
  }, [location]);
}

export function MemberScreen(props: { title: string; children: ReactNode; wide?: boolean }) {
  usePageTitle(props.title);
  useLocationFromLink();
  return (
    <div className="min-h-dvh bg-cream-50 text-bark-900">
      <header className="border-b border-cream-200 bg-white">
        <div className={`mx-auto flex h-14 items-center px-4 ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>
          <Link
            to="/"
            className="rounded font-display text-lg font-bold text-meadow-800 focus-visible:outline-3 focus-visible:outline-meadow-700"
          >
            {PROGRAMME_NAME}
          </Link>
        </div>
      </header>
      <main className={`mx-auto px-4 py-8 ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>{props.children}</main>
    </div>
  );
}
