// The Draws tab of /admin: the monthly prize draws with their entries so far, the run button once
// a month is over (with the seed when the operator kept it), the winner, and the set-up form.
import { useId, useState } from 'react';
import type { AdminDraw, LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useAdminDraws, useRunDraw } from '../api/draws.ts';
import { money } from '../lib/words.ts';
import { DrawForm } from './DrawForm.tsx';

/** Whether the month YYYY-MM is over (local time, as the operator sees it; the server decides). */
function monthOver(month: string, now = new Date()): boolean {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return now >= new Date(y, m, 1);
}

function RunDraw(props: { draw: AdminDraw }) {
  const id = useId();
  const run = useRunDraw();
  const [seed, setSeed] = useState('');
  const go = () =>
    run.mutate({ drawId: props.draw.id, seed: props.draw.seedKept ? undefined : seed.trim() }, {
      onSuccess: (drawn) => toast({
        title: 'Draw run',
        description: drawn.winner ? `${drawn.winner.name} won. They have been told.` : 'Nobody had an entry: no winner.',
      }),
      onError: (error) => toast({ title: 'The draw did not run', description: userMessage(error), variant: 'destructive' }),
    });
  if (!monthOver(props.draw.month)) {
    return <p className="text-sm text-bark-700">Runs once {props.draw.monthLabel} is over.</p>;
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      {props.draw.seedKept ? null : (
        <div className="min-w-64 flex-1">
          <Label htmlFor={`${id}-seed`}>Your seed</Label>
          <Input id={`${id}-seed`} value={seed} onChange={(e) => setSeed(e.target.value)} className="font-mono text-sm"
                 spellCheck={false} autoComplete="off" />
        </div>
      )}
      <Button onClick={go} disabled={run.isPending || (!props.draw.seedKept && seed.trim().length < 16)}>
        {run.isPending ? 'Drawing…' : 'Run the draw'}
      </Button>
    </div>
  );
}

function DrawRow(props: { draw: AdminDraw }) {
  const d = props.draw;
  return (
    <li className="grid gap-2 border-t border-cream-200 pt-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-display text-lg font-bold">{d.monthLabel}</h4>
        <span className="text-sm font-semibold text-bark-700">{d.status === 'drawn' ? 'Drawn' : 'Commitment published'}</span>
      </div>
      <p className="text-bark-900">
        {d.prize.name} — {d.prize.kind === 'voucher' ? `${money(d.prize.valueCents)} voucher at any business` : `at ${d.sponsor.businessName}`},
        sponsored by {d.sponsor.businessName}. One entry for {d.rule.minBusinesses} different businesses, up to {d.rule.maxEntries}.
      </p>
      <p className="text-sm text-bark-700">
        {d.status === 'drawn'
          ? `${d.entrants} members, ${d.totalEntries} entries. `
          : `So far: ${d.entrants} members, ${d.entriesSoFar ?? 0} entries. `}
        Commitment <code className="break-all font-mono text-xs">{d.commitment}</code>
      </p>
      {d.status === 'drawn' ? (
        <p className="text-bark-900">
          {d.winner ? <>Winner: <strong>{d.winner.name}</strong> — prize {d.prizeStatus === 'redeemed' ? 'redeemed' : 'not yet redeemed'}.</> : 'No entries: no winner.'}
        </p>
      ) : (
        <RunDraw draw={d} />
      )}
    </li>
  );
}

export function DrawsTab(props: { locations: LocationList | undefined }) {
  const draws = useAdminDraws();
  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 p-5">
        <CardTitle>Monthly prize draws</CardTitle>
        <p className="text-sm text-bark-700">
          Members who shop at several businesses in a month are entered. The seed&apos;s fingerprint is published before
          the month starts, so anyone can check the winner on the <a href="/draws" className="underline">draws page</a>.
        </p>
        {draws.isPending ? (
          <p role="status">Loading the draws…</p>
        ) : draws.isError ? (
          <div role="alert" className="grid gap-2">
            <p>Could not load the draws. {userMessage(draws.error)}</p>
            <div><Button variant="secondary" onClick={() => void draws.refetch()}>Try again</Button></div>
          </div>
        ) : draws.data.draws.length === 0 ? (
          <p>No draws yet. Set up next month&apos;s below.</p>
        ) : (
          <ul className="grid gap-3">{draws.data.draws.map((d) => <DrawRow key={d.id} draw={d} />)}</ul>
        )}
      </Card>
      <Card className="p-5">
        <DrawForm locations={props.locations} />
      </Card>
    </div>
  );
}
