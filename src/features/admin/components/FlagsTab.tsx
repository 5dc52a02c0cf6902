// The Flags tab: members flagged by the velocity rule (5+ approved visits in one day),
// redemptions a member said were not them ("not you?"), naming who redeemed, and members whose
// invitation code brought many neighbours in one day. Review opens the member's record (visits
// voidable, redemptions undoable); Dismiss closes the flag.
import { useState } from 'react';
import type { Flag } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useDismissFlag } from '../api/dismiss-flag.ts';
import { useFlags } from '../api/get-flags.ts';
import { QueryView } from './QueryState.tsx';

export function FlagsTab(props: { onReview: (customerId: string) => void }) {
  const [all, setAll] = useState(false);
  const query = useFlags(all);
  const dismiss = useDismissFlag();
  return (
    <div className="grid gap-3">
      <label className="flex min-h-11 items-center gap-2 text-sm text-bark-900">
        <input
          type="checkbox"
          className="size-5 accent-meadow-700"
          checked={all}
          onChange={(e) => setAll(e.target.checked)}
        />
        Include dismissed flags
      </label>
      <QueryView
        query={query}
        emptyText="No flags: nobody has had 5 or more visits in a day, no member said a redemption was not them, and no invitation code brought many neighbours in a day."
        what="the flags"
      >
        <ul className="grid gap-3">
          {query.data?.map((flag) => (
            <li key={flag.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-bark-900">{flag.customerName}</p>
                  <p className="text-sm text-bark-700">
                    {describe(flag)}
                    {flag.dismissedAt
                      ? ` · dismissed ${new Date(flag.dismissedAt).toLocaleString()}`
                      : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => props.onReview(flag.customerId)}
                    aria-label={`Review the ${REVIEW[flag.kind]} of ${flag.customerName}`}
                  >
                    Review {REVIEW[flag.kind]}
                  </Button>
                  {flag.dismissedAt ? null : (
                    <Button
                      variant="ghost"
                      disabled={dismiss.isPending}
                      aria-label={`Dismiss the flag on ${flag.customerName}`}
                      onClick={() =>
                        dismiss.mutate(flag.id, {
                          onSuccess: () =>
                            toast({
                              title: 'Flag dismissed',
                              description: `${flag.customerName}'s flag is closed.`,
                            }),
                          onError: (error) =>
                            toast({
                              title: 'Error',
                              description: userMessage(error),
                              variant: 'destructive',
                            }),
                        })
                      }
                    >
                      Dismiss
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </QueryView>
    </div>
  );
}

const REVIEW: Record<Flag['kind'], string> = {
  velocity: 'visits',
  not_me: 'redemption',
  referrals: 'neighbours',
};

function describe(flag: Flag): string {
  if (flag.kind === 'velocity') {
    return `${flag.visits} visits on ${new Date(`${flag.day}T12:00:00`).toLocaleDateString()}`;
  }
  if (flag.kind === 'referrals') {
    return `${flag.joins} neighbours joined with their invitation code on ${new Date(`${flag.day}T12:00:00`).toLocaleDateString()}`;
  }
  return (
    `Says it was not them: ${flag.rewardName} redeemed at ${flag.businessName ?? 'a counter'} ` +
    `on ${new Date(flag.redeemedAt).toLocaleString()} by ${flag.redeemedBy ?? 'an unknown person'}`
  );
}
