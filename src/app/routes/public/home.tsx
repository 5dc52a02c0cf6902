// Home (SPEC §2): the programme in a sentence and its calls to action.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function HomePage() {
  usePageTitle('Home');
  return (
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
  );
}
