// Every redemption of the member's rewards in the last 30 days, in the words of its text ("Your
// Free Ice Cream Scoop was redeemed at Village Creamery at 3:05 PM — not you?"): a card can be
// copied, so the member sees each one and can report one that was not them.
import type { RecentRedemption } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useReportRedemption } from '../api/report-redemption.ts';

export function RecentRedemptions(props: { redemptions: RecentRedemption[] }) {
  const report = useReportRedemption();
  if (props.redemptions.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="recent-redemptions" className="grid gap-3 p-5">
      <h2 id="recent-redemptions" className="font-display text-xl font-bold text-bark-900">
        Recent redemptions
      </h2>
      <ul className="grid gap-3">
        {props.redemptions.map((redemption) => (
          <li
            key={`${redemption.customerRewardId}-${redemption.redeemedAt}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-cream-50 p-3"
          >
            {/* The notice's own words, its "— not you?" answered by the button or the report. */}
            <p className="min-w-0 text-bark-900 wrap-anywhere">{redemption.notice.replace(/ — not you\?$/, '.')}</p>
            {redemption.reportedAt ? (
              <p className="text-sm font-semibold text-bark-700">
                Reported: the programme will look into it.
              </p>
            ) : (
              <Button
                variant="secondary"
                disabled={report.isPending}
                aria-label={`Not you? Report the redemption of ${redemption.rewardName}`}
                onClick={() =>
                  report.mutate(redemption.customerRewardId, {
                    onSuccess: () =>
                      toast({
                        title: 'Thank you',
                        description: 'We have told the programme; they will look into who redeemed it.',
                      }),
                    onError: (error) =>
                      toast({ title: 'Error', description: userMessage(error), variant: 'destructive' }),
                  })
                }
              >
                Not you?
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
