// How it works (PRODUCT §2): four steps — sign up once, show your QR, earn 5 points per visit,
// redeem rewards — and the benefits.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { businessesPhrase } from '@/lib/business-count.ts';
import { useProgramme } from '@/lib/programme.ts';
import { usePublicBusinessCount } from '@/app/layouts/public-locations.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { Steps } from './steps.tsx';

function stepsFor(count: number | undefined) {
  return [
    {
      title: 'Sign up once',
      text: 'Join with your name and phone number at a kiosk, on your phone or on this site.',
    },
    {
      title: 'Show your QR',
      text: 'At the counter, show your member QR code. Staff scan it to approve your visit.',
    },
    {
      title: 'Earn 5 points per visit',
      text: `Every approved visit adds 5 points, at any of the ${businessesPhrase(count, 'business')}.`,
    },
    {
      title: 'Redeem rewards',
      text: 'Use your welcome rewards and tier rewards from your account, right at the counter.',
    },
  ];
}

const BENEFITS = [
  [
    'A welcome reward everywhere',
    'Each business gives you a welcome reward on your first visit there.',
  ],
  ['Points that never expire', 'Take your time: your points stay on your account.'],
  [
    'One membership',
    'The same QR code works at the restaurant, the creamery, the pizzeria and more.',
  ],
  ['No app to install', 'Your QR code lives in your browser; sign in with a code sent by text.'],
  ['Your choice on messages', 'Text offers are optional. Reply STOP at any time to opt out.'],
];

export function HowItWorksPage() {
  usePageTitle('How It Works');
  const businessCount = usePublicBusinessCount();
  const tiers = useProgramme().data?.tiers.filter((tier) => tier.minPoints > 0) ?? [];
  // The tier benefit says the thresholds and rewards of GET /api/programme.
  const benefits =
    tiers.length > 0
      ? [
          ...BENEFITS.slice(0, 2),
          [
            'Tier rewards',
            `${tiers.map((tier) => `${tier.name} at ${tier.minPoints} points brings ${tier.reward?.name ?? 'a reward'}`).join(', ')}.`,
          ],
          ...BENEFITS.slice(2),
        ]
      : BENEFITS;
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
            How It Works
          </h1>
          <p className="mt-3 max-w-2xl text-bark-700">
            Four steps from your first visit to your first reward.
          </p>
          <Steps steps={stepsFor(businessCount)} />
        </div>
      </section>
      <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="benefits-heading" className="font-display text-2xl font-bold sm:text-3xl">
          Member benefits
        </h2>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(([title, text]) => (
            <div key={title} className="rounded-2xl bg-cream-100 p-5">
              <dt className="font-display text-lg font-bold">{title}</dt>
              <dd className="mt-1 text-bark-700">{text}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink to="/join" size="lg">
            Join Now
          </ButtonLink>
          <ButtonLink to="/businesses" variant="secondary" size="lg">
            See the Businesses
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
