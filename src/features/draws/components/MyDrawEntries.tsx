// The member's line on /account: their entries in this month's prize draw (and the last two
// months' while they show a result), with a link to the draws page where anyone can check them.
import { Link } from 'react-router';
import { Card } from '@/components/ui/Card.tsx';
import { useMyDraws } from '../api/draws.ts';
import { entriesSentence, money } from '../lib/words.ts';

export function MyDrawEntries() {
  const draws = useMyDraws();
  if (draws.isPending) {
    return <p role="status" className="text-sm text-bark-700">Checking the prize draw…</p>;
  }
  if (draws.isError) {
    return <p className="text-sm text-bark-700">{"We couldn't check the prize draw just now."}</p>;
  }
  if (draws.data.draws.length === 0) return null;
  return (
    <Card className="grid gap-2 p-4" aria-labelledby="my-draws-title">
      <h2 id="my-draws-title" className="font-display text-xl font-bold">Prize draw</h2>
      <ul className="grid gap-2">
        {draws.data.draws.map((draw) => (
          <li key={draw.id} className="grid gap-0.5">
            <p className="font-semibold text-bark-900">{entriesSentence(draw)}</p>
            <p className="text-sm text-bark-700">
              Prize: {draw.prize.name}
              {draw.prize.kind === 'voucher' ? ` (${money(draw.prize.valueCents)} at any business)` : ` at ${draw.sponsorName}`}.
              {' '}One entry for visits at {draw.rule.minBusinesses} different{' '}
              {draw.rule.minBusinesses === 1 ? 'business' : 'businesses'}, one more for each further business, up to{' '}
              {draw.rule.maxEntries}.
            </p>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Link to="/draws" className="font-semibold text-meadow-800 underline underline-offset-2 min-h-11 inline-flex items-center">
          How the draw works and how to check it
        </Link>
      </p>
    </Card>
  );
}
