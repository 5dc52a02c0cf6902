// The counter's member search results, the fallback when a member's phone is flat:
// several matches are a list to choose from; the chosen (or only) member may have a visit approved
// by a deliberate press. A search is no proof the member is here, so it never redeems: the clerk
// is told to ask for the code on their phone or scan their card.
import type { ReactNode } from 'react';
import type { CounterSearchResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { HOW_TO_REDEEM } from './RedeemableList.tsx';

export type FoundMember = CounterSearchResponse['customers'][number];

export function MemberMatches(props: {
  query: string;
  found: CounterSearchResponse;
  onChoose: (member: FoundMember) => void;
}) {
  return (
    <Card role="region" aria-labelledby="matches-heading" className="grid gap-3 p-5">
      <h2 id="matches-heading" className="font-display text-xl font-bold text-bark-900">
        {props.found.customers.length} members match “{props.query}”
      </h2>
      <p className="text-sm text-bark-700">
        Ask for the last 4 digits of their phone, then choose.
      </p>
      <ul className="grid gap-2">
        {props.found.customers.map((member) => (
          <li key={member.lookupId}>
            <button
              type="button"
              onClick={() => props.onChoose(member)}
              className="flex min-h-14 w-full items-center justify-between gap-3 rounded-xl border border-cream-200 px-4 py-2 text-left hover:bg-cream-50 focus-visible:outline-3 focus-visible:outline-meadow-700"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-bark-900">{member.name}</span>{' '}
                <span className="block text-sm text-bark-700">
                  <span className="sr-only">phone ending {member.phoneLast4}</span>
                  <span aria-hidden="true">•••• {member.phoneLast4}</span>
                </span>
              </span>{' '}
              <span className="shrink-0 text-sm text-bark-700">
                {member.totalPoints} pts · {member.tier}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {props.found.more ? (
        <p className="text-sm text-bark-700">More members match: type more of the name or phone.</p>
      ) : null}
    </Card>
  );
}

export function ChosenMember(props: {
  member: FoundMember;
  onApprove: () => void;
  pending: boolean;
  renderTier: (totalPoints: number) => ReactNode;
}) {
  const { member } = props;
  return (
    <Card role="region" aria-label={`Member ${member.name}`} className="grid gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-xl font-bold break-words text-bark-900">
            {member.name}
          </h2>
          <p className="text-sm text-bark-700">Phone ending •••• {member.phoneLast4}</p>
        </div>
        <div className="text-right">
          <p className="font-display text-2xl font-bold text-bark-900">{member.totalPoints} pts</p>
          {props.renderTier(member.totalPoints)}
        </div>
      </div>
      <Button size="lg" className="w-full wrap-anywhere" onClick={props.onApprove} disabled={props.pending}>
        {props.pending ? 'Working…' : `Approve visit for ${member.name}`}
      </Button>
      <p role="note" className="font-semibold text-bark-900">
        {HOW_TO_REDEEM}
      </p>
    </Card>
  );
}
