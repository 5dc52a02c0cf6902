// Terms and privacy: the policy the kiosk and the join forms point to — what is
// stored, why, for how long, and how to ask for a copy or deletion. Plain words, one page. The
// text is content the operator edits (GET /api/programme); {silver}/{gold}/{businesses} are put in.
import type { ProgrammeResponse } from '@contract';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { useBusinessCount } from '@/features/locations/api/business-count.ts';
import { useProgramme, withThresholds } from '@/lib/programme.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function PrivacyPage() {
  usePageTitle('Terms and Privacy');
  const programme = useProgramme();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-bark-900">
      <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
        Terms and Privacy
      </h1>
      {programme.isPending ? (
        <div className="mt-4 grid gap-3">
          <p role="status" className="sr-only">
            Loading the terms and privacy…
          </p>
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
        </div>
      ) : programme.data?.content.privacy ? (
        <PrivacyText programme={programme.data} />
      ) : (
        <p role="alert" className="mt-4 text-bark-700">
          We couldn&apos;t load this page. Please try again later, or ask us through the{' '}
          <Link to="/contact" className="text-meadow-800 underline">
            contact form
          </Link>
          .
        </p>
      )}
    </article>
  );
}

/** The page's text: the operator's content (GET /api/programme), thresholds put in. */
function PrivacyText(props: { programme: ProgrammeResponse }) {
  const privacy = props.programme.content.privacy!;
  const contact = props.programme.content.contact;
  const businessCount = useBusinessCount();
  const fill = (text: string) => withThresholds(text, props.programme.tiers, businessCount);
  return (
    <>
      <p className="mt-4 text-lg text-bark-700">{fill(privacy.intro)}</p>

      <h2 className="mt-10 font-display text-2xl font-bold">What we keep, and why</h2>
      <dl className="mt-4 grid gap-4">
        {privacy.stored.map(({ what, why }) => (
          <div key={what} className="rounded-2xl bg-white p-4 shadow-sm">
            <dt className="font-semibold">{fill(what)}</dt>
            <dd className="mt-1 text-bark-700">{fill(why)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-bark-700">{fill(privacy.sharing)}</p>

      <h2 className="mt-10 font-display text-2xl font-bold">How long we keep it</h2>
      <p className="mt-3 text-bark-700">{fill(privacy.retention)}</p>

      <h2 className="mt-10 font-display text-2xl font-bold">A copy, a correction or deletion</h2>
      <p className="mt-3 text-bark-700">
        After{' '}
        <Link to="/login" className="text-meadow-800 underline">
          signing in
        </Link>
        , your account page lets you change your name and phone number, turn texts on or off,
        download everything we keep about you (a JSON file) and delete your account yourself. You
        can also ask us for a copy, a correction or deletion.{' '}
        {contact ? (
          <>
            Write to{' '}
            <a href={`mailto:${contact.email}`} className="text-meadow-800 underline">
              {contact.email}
            </a>{' '}
            or use the{' '}
          </>
        ) : (
          'Use the '
        )}
        <Link to="/contact" className="text-meadow-800 underline">
          contact form
        </Link>{' '}
        from the phone number of your membership
        {contact
          ? `, or call ${contact.phone} (${contact.hours}). We answer within ${contact.responseTime}`
          : ''}
        {contact ? ' and complete' : '. We complete'} a request within 30 days. You can see your
        points, rewards and visit history yourself at any time after{' '}
        <Link to="/login" className="text-meadow-800 underline">
          signing in
        </Link>
        .
      </p>

      {privacy.terms.length > 0 ? (
        <>
          <h2 className="mt-10 font-display text-2xl font-bold">Terms of the programme</h2>
          <ul className="mt-3 list-disc space-y-2 pl-6 text-bark-700">
            {privacy.terms.map((term) => (
              <li key={term}>{fill(term)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
