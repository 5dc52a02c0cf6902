// Home (SPEC §2): the programme in a sentence and the businesses taking part, from the API.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { BusinessList } from '../components/BusinessList.tsx';

export function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <h1 className="font-display text-4xl font-bold text-meadow-800 sm:text-5xl">
            {PROGRAMME_NAME}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-bark-700">
            One membership for the local businesses of our village. Join once, check in with your QR
            code on every visit, earn 5 points per visit and a welcome reward at each business.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/join">Join Now</ButtonLink>
            <ButtonLink to="/how-it-works" variant="secondary">
              How It Works
            </ButtonLink>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="businesses-heading">
        <h2 id="businesses-heading" className="mb-6 font-display text-2xl font-bold">
          Participating businesses
        </h2>
        <BusinessList />
      </section>
    </>
  );
}
