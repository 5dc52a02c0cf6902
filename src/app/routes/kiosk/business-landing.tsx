// A business's kiosk landing screen (PRODUCT §2: /chatterbox, /creamery, ...: one route,
// /:slug, for every business in the catalogue, a new one too): its logo (or icon), the programme,
// the business and its welcome reward. Once the business is known it stores current_location_id
// and current_business_name (PRODUCT §3) and opens the kiosk session there. A slug that names no
// business (or an archived one) shows the site's not-found page, and no kiosk session opens.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Route, Routes, useParams } from 'react-router';
import { kioskRetryDelay } from '@/features/checkin/hooks/use-kiosk-session.ts';
import { KioskStatus } from '@/features/checkin/components/KioskStatus.tsx';
import { BusinessLogo } from '@/components/ui/BusinessLogo.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { PublicLayout } from '@/app/layouts/PublicLayout.tsx';
import { NotFoundPage } from '@/app/NotFoundPage.tsx';
import { KioskLanding } from './landing-screen.tsx';

/** 'Join & Get Free {reward}' for a reward named "Free Ice Cream Scoop" or "Ice Cream Scoop". */
export function joinLabel(rewardName: string | undefined): string {
  if (!rewardName) return 'Join & Get Your Free Reward';
  return `Join & Get Free ${rewardName.replace(/^Free\s+/i, '')}`;
}

export function BusinessKioskLandingPage() {
  const slug = useParams().slug ?? '';
  // The kiosk retries until the catalogue arrives: its texts come from it.
  // get-locations.ts's query (key: locationsQueryOptions), its fetcher loaded on demand.
  const locations = useQuery({
    queryKey: ['/api/locations'],
    queryFn: async () => (await import('@/features/locations/api/get-locations.ts')).getLocations(),
    retry: true,
    retryDelay: kioskRetryDelay,
  });
  const location = locations.data?.find((item) => item.id === slug);
  useEffect(() => {
    if (!location) return;
    writeSession(SESSION_KEYS.locationId, location.id);
    writeSession(SESSION_KEYS.businessName, location.businessName);
  }, [location]);
  if (locations.data && !location) {
    return (
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    );
  }
  if (!location) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center bg-cream-50 px-6 text-bark-900">
        <div aria-hidden="true" className="mb-6 size-36 rounded-3xl bg-cream-100" />
        {/* While it retries, the screen says so (and when), never a silent "Loading…". */}
        {locations.failureCount > 0 ? (
          <KioskStatus query={locations} />
        ) : (
          <p role="status" className="text-2xl text-bark-700">
            Loading…
          </p>
        )}
      </main>
    );
  }
  return (
    <KioskLanding
      title={location.businessName}
      locationId={location.id}
      businessName={location.businessName}
      joinLabel={joinLabel(location.welcomeReward?.name)}
      header={
        <header className="flex flex-col items-center">
          <BusinessLogo location={location} size="xl" />
          <p className="mt-6 text-2xl font-semibold text-meadow-800">{PROGRAMME_NAME}</p>
          <h1 className="mt-2 font-display text-5xl font-bold sm:text-6xl">{location.businessName}</h1>
          <p className="mt-4 text-2xl text-bark-700">
            {location.welcomeReward
              ? 'Join now, get your welcome reward!'
              : 'Join now and collect points on every visit!'}
          </p>
          {location.hours ? (
            <p className="mt-2 text-lg text-bark-700">
              <span className="sr-only">Opening hours: </span>
              {location.hours}
            </p>
          ) : null}
        </header>
      }
    />
  );
}
