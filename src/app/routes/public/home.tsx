// Home (PRODUCT §2): a hero, three steps, the featured rewards, testimonials (none: the section is
// hidden) and calls to join. Which rewards are featured and the testimonials are content the
// operator edits (GET /api/programme); the rewards' names come from the catalogue
// (the spec's "Free Pizza Slice" does not exist; Joanie's gives Free Garlic Bread).
import { lazy, Suspense, useLayoutEffect } from 'react';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { businessesPhrase } from '@/lib/business-count.ts';
import { useProgramme, withThresholds } from '@/lib/programme.ts';
import { usePublicLocations } from '@/app/layouts/public-locations.ts';
import { takeOverFirstPaint } from '@/lib/first-paint.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { Steps } from './steps.tsx';

// The businesses' logos show once GET /api/locations has answered, which is after the first paint:
// their component (and its icon set) downloads beside that request, not in the first load of `/`.
let logoModule: Promise<typeof import('@/components/ui/BusinessLogo.tsx')> | undefined;
const BusinessLogo = lazy(async () => ({
  default: (await (logoModule ??= import('@/components/ui/BusinessLogo.tsx'))).BusinessLogo,
}));

const STEPS = [
  {
    title: 'Join once',
    text: 'Sign up with your name and phone at any business, on your phone or right here.',
  },
  {
    title: 'Check in',
    text: 'Show your QR code at the counter on every visit. Staff scan it in a second.',
  },
  {
    title: 'Earn rewards',
    text: 'Get 5 points per visit, a welcome reward at each business, and tier rewards.',
  },
];

interface Featured {
  name: string;
  tag: string;
  text: string;
}

/** get-locations.ts's read (same key), without TanStack Query, its fetcher and zod loaded on
 * demand so the first load of `/` stays light. */
const useCatalogue = usePublicLocations;

/**
 * The featured rewards and testimonials are content (GET /api/programme): the
 * operator picks which businesses' welcome rewards and which tier rewards are featured; the
 * rewards themselves come from the catalogue (GET /api/locations), so the page never promises a
 * reward that does not exist. Fetchers and zod load on demand so the first load of `/` stays light.
 */
function useHomeContent() {
  const locations = useCatalogue();
  const programme = useProgramme();
  const featured = programme.data?.content.featured ?? { businesses: [], tiers: [] };
  const welcome: Featured[] = featured.businesses.flatMap((id) => {
    const location = locations.data?.find((item) => item.id === id);
    return location?.welcomeReward
      ? [
          {
            name: location.welcomeReward.name,
            tag: 'Welcome reward',
            text: `Your first visit to ${location.businessName} is on us.`,
          },
        ]
      : [];
  });
  const tier: Featured[] = featured.tiers.flatMap((name) => {
    const found = programme.data?.tiers.find((item) => item.name === name);
    return found?.reward
      ? [
          {
            name: found.reward.name,
            tag: `${name} reward`,
            text: `Reach ${found.minPoints} points and save at any participating business.`,
          },
        ]
      : [];
  });
  return {
    rewards: [...welcome, ...tier],
    pendingCount: featured.businesses.length + featured.tiers.length || 3,
    pending: locations.isPending || programme.isPending,
    testimonials: programme.data?.content.testimonials ?? [],
    tiers: programme.data?.tiers ?? [],
  };
}

export function HomePage() {
  usePageTitle('Home');
  // The prerendered home in index.html gives way to this one as it commits, before a paint.
  useLayoutEffect(takeOverFirstPaint, []);
  logoModule ??= import('@/components/ui/BusinessLogo.tsx');
  const featured = useHomeContent();
  const catalogue = useCatalogue();
  const businesses = catalogue.data ?? [];
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[3fr_2fr]">
          <div>
            <p className="font-semibold text-meadow-800">
              One membership · {businessesPhrase(catalogue.data?.length)}
            </p>
            <h1 className="mt-2 font-display text-4xl font-bold text-meadow-800 sm:text-5xl">
              {PROGRAMME_NAME}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-bark-700">
              Join once, check in with your QR code on every visit, earn 5 points per visit and a
              welcome reward at each business. Your points never expire.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/join" size="lg">
                Join Now
              </ButtonLink>
              <ButtonLink to="/how-it-works" variant="secondary" size="lg">
                How It Works
              </ButtonLink>
            </div>
          </div>
          <ul aria-label="Participating businesses" className="grid grid-cols-3 gap-3">
            {/* Until the list answers, six empty tiles keep its place (the seeded count), so the
                sections below do not move when the logos arrive. */}
            {catalogue.isPending
              ? Array.from({ length: 6 }, (_, index) => (
                  <li key={index} aria-hidden="true" className="rounded-2xl border border-cream-200 bg-white p-3 shadow-sm">
                    <div className="aspect-square w-full" />
                  </li>
                ))
              : null}
            {businesses.map((business) => (
              <li
                key={business.id}
                className="rounded-2xl border border-cream-200 bg-white p-3 shadow-sm"
              >
                <Suspense fallback={<div className="aspect-square w-full" />}>
                  <BusinessLogo location={business} className="aspect-square size-auto w-full" />
                </Suspense>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="steps-heading" className="font-display text-2xl font-bold sm:text-3xl">
          Three simple steps
        </h2>
        <Steps steps={STEPS} />
      </section>
      <section aria-labelledby="featured-heading" className="bg-cream-100">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="featured-heading" className="font-display text-2xl font-bold sm:text-3xl">
            Featured rewards
          </h2>
          {featured.pending ? (
            <p role="status" className="sr-only">
              Loading the featured rewards…
            </p>
          ) : null}
          <ul className="mt-6 grid gap-4 md:grid-cols-3" aria-busy={featured.pending}>
            {featured.pending
              ? Array.from({ length: featured.pendingCount }, (_, index) => (
                  <li key={index} aria-hidden="true">
                    <Card className="h-full min-h-36 animate-pulse" />
                  </li>
                ))
              : null}
            {featured.pending
              ? null
              : featured.rewards.map((reward) => (
                  <li key={reward.name}>
                    <Card className="h-full">
                      <p className="w-fit rounded-full bg-honey-400/30 px-2.5 py-0.5 text-xs font-semibold">
                        {reward.tag}
                      </p>
                      <h3 className="mt-3 font-display text-xl font-bold">{reward.name}</h3>
                      <p className="mt-1 text-bark-700">{reward.text}</p>
                    </Card>
                  </li>
                ))}
          </ul>
        </div>
      </section>
      {featured.testimonials.length > 0 ? (
        <section aria-labelledby="voices-heading" className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="voices-heading" className="font-display text-2xl font-bold sm:text-3xl">
            What members say
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {featured.testimonials.map((item) => (
              <li key={`${item.who} ${item.quote}`}>
                <figure className="h-full rounded-2xl border-l-4 border-meadow-700 bg-white p-5 shadow-sm">
                  <blockquote className="text-bark-900">
                    “{withThresholds(item.quote, featured.tiers, businesses.length || undefined)}”
                  </blockquote>
                  <figcaption className="mt-3 text-sm font-semibold text-bark-700">
                    {item.who}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="bg-meadow-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="font-display text-2xl font-bold">Ready to start earning?</h2>
            <p className="mt-1 text-cream-100">
              It's free, and your first welcome reward is one visit away.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/join" variant="secondary" size="lg">
              Join Now
            </ButtonLink>
            <ButtonLink
              to="/businesses"
              variant="ghost"
              size="lg"
              className="text-white hover:bg-white/10"
            >
              See the Businesses
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
