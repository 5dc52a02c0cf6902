// Visit history (PRODUCT §2 /account/history): each visit (business, local date-time, points) and
// each reward unlocked, redeemed or expired, newest first, a page at a time (GET /api/me/visits, /api/me).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MeResponse, MyVisitsResponse } from '@contract';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { useMe } from '@/features/rewards/api/get-me.ts';
import { expiryDay } from '@/features/rewards/components/RewardList.tsx';
import { myVisitsQueryOptions } from '@/features/rewards/api/get-my-visits.ts';
import { RequireSession } from '@/lib/RequireSession.tsx';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';
import { LoadingLine, SignInPrompt } from '@/features/session/components/SignInPrompt.tsx';

export const HISTORY_PAGE = 20;
const MAX_VISITS = 100; // the API's largest page

interface HistoryEvent {
  key: string;
  at: string;
  title: string;
  detail: string;
  points?: number;
}

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Visits and reward events on one timeline, newest first; with more visits to load, reward
 *  events older than the oldest loaded visit wait for the next page. */
export function historyEvents(visits: MyVisitsResponse['visits'], me: MeResponse, complete: boolean) {
  const events: HistoryEvent[] = visits.map((visit) => ({
    key: `visit-${visit.id}`,
    at: visit.createdAt,
    title: `Visit at ${visit.businessName}`,
    detail: when(visit.createdAt),
    points: visit.points,
  }));
  for (const reward of me.rewards) {
    events.push({
      key: `unlocked-${reward.id}`,
      at: reward.unlockedAt,
      title: `Reward unlocked: ${reward.reward.name}`,
      detail: when(reward.unlockedAt),
    });
    if (reward.redeemedAt) {
      events.push({
        key: `redeemed-${reward.id}`,
        at: reward.redeemedAt,
        title: `Reward redeemed: ${reward.reward.name}`,
        detail: reward.redeemedBusinessName
          ? `at ${reward.redeemedBusinessName} · ${when(reward.redeemedAt)}`
          : when(reward.redeemedAt),
      });
    }
    // A reward the operator made expire, not used in time (docs/RULES.md "Reward expiry").
    if (reward.status === 'expired' && reward.expiresAt) {
      events.push({
        key: `expired-${reward.id}`,
        at: reward.expiresAt,
        title: `Reward expired: ${reward.reward.name}`,
        detail: reward.expiresOn ? `Not used by ${expiryDay(reward.expiresOn)}, so it can no longer be redeemed` : 'It can no longer be redeemed',
      });
    }
  }
  const oldest = visits.at(-1)?.createdAt;
  return events
    .filter((event) => complete || !oldest || Date.parse(event.at) >= Date.parse(oldest))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function History() {
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const me = useMe({ on401: 'returnNull' });
  // The loaded page stays on screen while the next, longer one arrives.
  const visits = useQuery({ ...myVisitsQueryOptions(limit), placeholderData: keepPreviousData });
  if (me.isPending || visits.isPending) return <LoadingLine text="Loading your history..." />;
  if (!me.data) return <SignInPrompt message="Please sign in to view your history" to="/login" />;
  if (visits.isError) return <p role="alert">{"We couldn't load your history. Please try again."}</p>;
  const loaded = visits.data.visits;
  const complete = loaded.length < limit || limit >= MAX_VISITS;
  const events = historyEvents(loaded, me.data, complete);
  return (
    <div className="grid gap-5">
      <h1 className="font-display text-3xl font-bold">Visit History</h1>
      <Card className="p-0">
        {events.length === 0 ? (
          <p className="p-6 text-bark-700">No visits yet. Check in at any participating business to earn points.</p>
        ) : (
          <ol className="divide-y divide-cream-200">
            {events.map((event) => (
              <li key={event.key} className="flex items-center justify-between gap-3 px-5 py-4">
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere">{event.title}</p>
                  <p className="text-sm text-bark-700">{event.detail}</p>
                </div>
                {event.points !== undefined ? (
                  <span className="shrink-0 font-semibold text-meadow-800">
                    +{event.points} {event.points === 1 ? 'point' : 'points'}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      {!complete ? (
        <Button
          variant="secondary"
          size="lg"
          disabled={visits.isFetching}
          onClick={() => setLimit((current) => Math.min(current + HISTORY_PAGE, MAX_VISITS))}
        >
          Show older visits
        </Button>
      ) : null}
      <ButtonLink to="/account" size="lg" variant="secondary">
        Back to Account
      </ButtonLink>
    </div>
  );
}

export function AccountHistoryPage() {
  return (
    <MemberScreen title="Visit History">
      <RequireSession
        kind="member"
        fallback={<SignInPrompt message="Please sign in to view your history" to="/login" />}
        loading={<LoadingLine text="Loading your history..." />}
      >
        <History />
      </RequireSession>
    </MemberScreen>
  );
}
