// A business's kiosk landing screen (SPEC §2: /chatterbox, /creamery, ...): its logo, the
// programme, the business and its welcome reward. On load it stores current_location_id and
// current_business_name (SPEC §3) and opens the kiosk session there.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { kioskRetryDelay } from '@/features/checkin/hooks/use-kiosk-session.ts';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';
import { KioskLanding } from './landing-screen.tsx';

/** 'Join & Get Free {reward}' for a reward named "Free Ice Cream Scoop" or "Ice Cream Scoop". */
export function joinLabel(rewardName: string | undefined): string {
  if (!rewardName) return 'Join & Get Your Free Reward';
  return `Join & Get Free ${rewardName.replace(/^Free\s+/i, '')}`;
}

export function BusinessKioskLandingPage(props: { locationId: string }) {
  // The kiosk retries until the catalogue arrives: its texts come from it.
  // get-locations.ts's query (key: locationsQueryOptions), its fetcher loaded on demand.
  const locations = useQuery({
    queryKey: ['/api/locations'],
    queryFn: async () => (await import('@/features/locations/api/get-locations.ts')).getLocations(),
    retry: true,
    retryDelay: kioskRetryDelay,
  });
  const location = locations.data?.find((item) => item.id === props.locationId);
  useEffect(() => {
    writeSession(SESSION_KEYS.locationId, props.locationId);
    if (location) writeSession(SESSION_KEYS.businessName, location.businessName);
  }, [props.locationId, location]);
  return (
    <KioskLanding
      title={location?.businessName ?? 'Kiosk'}
      locationId={props.locationId}
      businessName={location?.businessName ?? 'this business'}
      joinLabel={joinLabel(location?.welcomeReward.name)}
      header={
        <header className="flex flex-col items-center">
          {location ? (
            <img
              src={location.logoUrl}
              alt={`${location.businessName} logo`}
              width={144}
              height={144}
              className="size-36 rounded-3xl bg-white object-contain p-3 shadow-sm"
            />
          ) : (
            <div aria-hidden="true" className="size-36 rounded-3xl bg-cream-100" />
          )}
          {location ? (
            <p className="mt-6 text-2xl font-semibold text-meadow-800">{PROGRAMME_NAME}</p>
          ) : null}
          <h1 className="mt-2 font-display text-5xl font-bold sm:text-6xl">
            {location?.businessName ?? PROGRAMME_NAME}
          </h1>
          <p className="mt-4 text-2xl text-bark-700">Join now, get your welcome reward!</p>
        </header>
      }
    />
  );
}
