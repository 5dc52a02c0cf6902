// Terms and privacy (issue 20 §6): the policy the kiosk and the join forms point to — what is
// stored, why, for how long, and how to ask for a copy or deletion. Plain words, one page.
import { Link } from 'react-router';
import { CONTACT, PROGRAMME_NAME } from '@/lib/brand.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

const STORED: [what: string, why: string][] = [
  [
    'Your name and mobile phone number',
    'To find your membership at the counter and to text you sign-in codes. One membership per phone number.',
  ],
  ['Your email address, if you give one', 'Only to contact you about your membership. It is optional.'],
  [
    'Whether you agreed to text messages, the exact wording you agreed to, and when',
    'So we text only people who asked for it. Reply STOP to any message to stop them.',
  ],
  [
    'Your visits: which business, when, and which counter or kiosk approved them',
    'To add your points, unlock welcome and tier rewards, and stop the same visit being counted twice.',
  ],
  [
    'Your rewards: when each was unlocked and where it was redeemed',
    'So each reward is used once, and the businesses can settle what they honoured for each other.',
  ],
  [
    'A record of every change to your points',
    'So your balance can always be checked, and a mistake is corrected by a new entry, never hidden.',
  ],
  [
    'Sign-in records and, on shop kiosks, the kiosk browser’s name',
    'To keep accounts secure and limit abuse (for example, too many codes sent to one phone).',
  ],
  ['Messages you send us through the contact form', 'To answer you.'],
];

export function PrivacyPage() {
  usePageTitle('Terms and Privacy');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-bark-900">
      <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
        Terms and Privacy
      </h1>
      <p className="mt-4 text-lg text-bark-700">
        {PROGRAMME_NAME} is one loyalty membership shared by six local businesses. Joining is free.
        We use what you give us only to run your membership, and we never sell it.
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">What we keep, and why</h2>
      <dl className="mt-4 grid gap-4">
        {STORED.map(([what, why]) => (
          <div key={what} className="rounded-2xl bg-white p-4 shadow-sm">
            <dt className="font-semibold">{what}</dt>
            <dd className="mt-1 text-bark-700">{why}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-bark-700">
        The six participating businesses see your name, phone and visits at their counter, and
        operators of the programme see figures for the whole village. Nobody else does. Shop kiosks
        keep nothing about you once you step away: they return to their start screen on their
        own.
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">How long we keep it</h2>
      <p className="mt-3 text-bark-700">
        Your points never expire, so we keep your membership, visits and rewards for as long as
        your membership exists. When you delete your account (or ask us to), your name, phone
        number, email and the wording of your consents are erased at once and you are signed out;
        what remains are figures no one can link to you (for example, that a reward was honoured at
        a business on a date), which the businesses need for their accounts. Your phone number may
        join again as a new member. Contact-form messages are deleted after 12 months.
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">A copy, a correction or deletion</h2>
      <p className="mt-3 text-bark-700">
        After{' '}
        <Link to="/login" className="text-meadow-800 underline">
          signing in
        </Link>
        , your account page lets you change your name and phone number, turn texts on or off,
        download everything we keep about you (a JSON file) and delete your account yourself. You
        can also ask us for any of these. Write to{' '}
        <a href={`mailto:${CONTACT.email}`} className="text-meadow-800 underline">
          {CONTACT.email}
        </a>{' '}
        or use the{' '}
        <Link to="/contact" className="text-meadow-800 underline">
          contact form
        </Link>{' '}
        from the phone number of your membership, or call {CONTACT.phone} ({CONTACT.hours}). We
        answer within {CONTACT.responseTime} and complete a request within 30 days. You can see
        your points, rewards and visit history yourself at any time after{' '}
        <Link to="/login" className="text-meadow-800 underline">
          signing in
        </Link>
        .
      </p>

      <h2 className="mt-10 font-display text-2xl font-bold">Terms of the programme</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-bark-700">
        <li>One membership per person and phone number. Membership is free.</li>
        <li>
          Each approved visit earns 5 points; points never expire. Staff approve visits at the
          counter, and a visit that was not real may be taken back.
        </li>
        <li>
          Each business gives a welcome reward once, on your first approved visit there. Silver
          (10 points) brings $5 off and Gold (20 points) $10 off at any participating business.
        </li>
        <li>Each reward is redeemed once, at a participating business. Rewards have no cash value.</li>
        <li>Text messages are optional and never a condition of joining.</li>
      </ul>
    </article>
  );
}
