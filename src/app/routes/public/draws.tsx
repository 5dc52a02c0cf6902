// /draws: the monthly prize draws, past and coming, and how anyone can check that one was fair.
import { PublicDraws } from '@/features/draws/components/PublicDraws.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function DrawsPage() {
  usePageTitle('Prize draws');
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-12 text-bark-900">
      <header className="grid gap-3">
        <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">Monthly prize draws</h1>
        <p>
          Every month, members who shop at several of the village&apos;s businesses are entered in a prize draw. Nobody
          picks the winner — not even us — and anyone can check it.
        </p>
      </header>
      <section aria-labelledby="how-title" className="grid gap-2 rounded-2xl bg-cream-100 p-5">
        <h2 id="how-title" className="font-display text-xl font-bold">How to check a draw</h2>
        <ol className="grid list-decimal gap-1 pl-5">
          <li>Before the month starts we publish a <em>commitment</em>: the SHA-256 fingerprint of a secret seed.</li>
          <li>After the month we reveal the seed. Its SHA-256 must equal the commitment — so the seed was fixed before anyone shopped.</li>
          <li>
            The entry list is one line per member, <code className="font-mono">entry id:entries</code>, sorted by entry id and
            joined with line breaks. Members appear only as a fingerprint of the draw and their membership.
          </li>
          <li>
            Take the SHA-256 of the seed, a line break and the list. Its first 15 hex digits, as a number, modulo the total of
            entries, is the winning ticket. Tickets are numbered from 0 down the list.
          </li>
        </ol>
        <p className="text-sm text-bark-700">
          The script <code className="font-mono">scripts/verify-draw.ts</code> in the programme&apos;s code does all four steps.
          Signed in, your account page shows your own entry id.
        </p>
      </section>
      <PublicDraws />
    </article>
  );
}
