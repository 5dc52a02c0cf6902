// The public record of the monthly prize draws: what each draw offered, its commitment, and once
// drawn the seed, the entry list and the winning entry, with how anyone checks it.
import { useState } from 'react';
import type { PublicDraw } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { userMessage } from '@/lib/api-client.ts';
import { usePublicDraws } from '../api/draws.ts';
import { money } from '../lib/words.ts';

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function Value(props: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm font-semibold text-bark-700">{props.label}</dt>
      <dd className="break-all font-mono text-sm text-bark-900">{props.value}</dd>
    </div>
  );
}

function EntryList(props: { draw: PublicDraw }) {
  const [open, setOpen] = useState(false);
  const entries = props.draw.entries ?? [];
  // Each member's first ticket: the entries of everyone above them in the list.
  const firsts = entries.reduce<number[]>((acc, _e, i) => [...acc, i === 0 ? 0 : acc[i - 1]! + entries[i - 1]!.entries], []);
  return (
    <div className="grid gap-2">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)} className="justify-self-start">
        {open ? 'Hide the entry list' : `Show the entry list (${entries.length} members)`}
      </Button>
      {open ? (
        <div className="max-h-80 overflow-auto rounded-xl border border-cream-200" tabIndex={0} role="region"
             aria-label={`Entry list of the ${props.draw.monthLabel} draw`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Entries of the {props.draw.monthLabel} draw, in the order the draw uses</caption>
            <thead className="bg-cream-100">
              <tr><th scope="col" className="p-2">Member (anonymised)</th><th scope="col" className="p-2">Entries</th><th scope="col" className="p-2">Tickets</th></tr>
            </thead>
            <tbody>
              {entries.map((e, i) => {
                const first = firsts[i]!;
                const winner = e.entryId === props.draw.winnerEntryId;
                return (
                  <tr key={e.entryId} className={winner ? 'bg-honey-100 font-semibold' : undefined}>
                    <td className="p-2 font-mono" title={e.entryId}>{short(e.entryId)}{winner ? ' (winner)' : ''}</td>
                    <td className="p-2">{e.entries}</td>
                    <td className="p-2">{e.entries === 1 ? first : `${first}–${first + e.entries - 1}`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function DrawCard(props: { draw: PublicDraw }) {
  const d = props.draw;
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-2xl font-bold text-bark-900">{d.monthLabel}</h2>
        <span className="rounded-full bg-cream-100 px-3 py-1 text-sm font-semibold text-bark-800">
          {d.status === 'drawn' ? 'Drawn' : 'Coming up'}
        </span>
      </div>
      <p className="text-bark-900">
        <strong>{d.prize.name}</strong>
        {d.prize.kind === 'voucher' ? ` — ${money(d.prize.valueCents)} to spend at any business` : ` at ${d.sponsor.businessName}`},
        given by {d.sponsor.businessName}. Members get one entry for visiting {d.rule.minBusinesses} different
        businesses that month, and one more for each further business, up to {d.rule.maxEntries}.
      </p>
      <dl className="grid gap-2">
        <Value label="Commitment (SHA-256 of the seed, published before the month began)" value={d.commitment} />
        {d.seed ? <Value label="Seed (revealed at the draw)" value={d.seed} /> : null}
        {d.entriesSha256 ? <Value label="SHA-256 of the entry list" value={d.entriesSha256} /> : null}
      </dl>
      {d.status === 'drawn' ? (
        <>
          <p className="text-bark-900">
            {d.winnerEntryId
              ? <>Winning ticket <strong>{d.winningTicket}</strong> of {d.totalEntries}: member <code className="font-mono">{short(d.winnerEntryId)}</code>.</>
              : 'Nobody had an entry, so there was no winner.'}
          </p>
          <EntryList draw={d} />
          <p className="text-sm text-bark-700">
            Check it yourself: <code className="break-all font-mono">node --import tsx scripts/verify-draw.ts {`${location.origin}/api/draws/${d.id}`}</code>
          </p>
        </>
      ) : (
        <p className="text-sm text-bark-700">The seed will be revealed when the month is over and the draw is run.</p>
      )}
    </Card>
  );
}

export function PublicDraws() {
  const draws = usePublicDraws();
  if (draws.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">Loading the draws…</p>
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (draws.isError) {
    return (
      <div role="alert" className="grid gap-2">
        <p>We couldn&apos;t load the draws. {userMessage(draws.error)}</p>
        <div><Button variant="secondary" onClick={() => void draws.refetch()}>Try again</Button></div>
      </div>
    );
  }
  if (draws.data.draws.length === 0) return <p className="text-bark-700">No prize draws yet.</p>;
  return <div className="grid gap-4">{draws.data.draws.map((d) => <DrawCard key={d.id} draw={d} />)}</div>;
}
