// "Bring a neighbour" on /account: the member's invitation code and link (/join?ref=CODE) with
// Share (the phone's share sheet where there is one) and Copy, what the bonus is, and how many
// neighbours joined with the code and earned it. Never who they are: the counts only.
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { userMessage } from '@/lib/api-client.ts';
import { useMyReferral } from '../api/referrals.ts';

export function joinedSentence(joined: number, rewarded: number): string {
  if (joined === 0) return 'No neighbour has joined with your code yet.';
  const who = joined === 1 ? '1 neighbour has' : `${joined} neighbours have`;
  return `${who} joined with your code; ${rewarded} earned the bonus with their first visit.`;
}

export function ReferralCard() {
  const referral = useMyReferral();
  const [said, setSaid] = useState('');
  if (referral.isPending) {
    return (
      <p role="status" className="text-sm text-bark-700">
        Loading your invitation code…
      </p>
    );
  }
  if (referral.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm text-bark-700">
        <p>
          {"We couldn't load your invitation code."} {userMessage(referral.error)}
        </p>
        <div>
          <Button
            variant="secondary"
            onClick={() => void referral.refetch()}
            disabled={referral.isFetching}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const { code, path, joined, rewarded, bonusPoints } = referral.data;
  const link = `${window.location.origin}${path}`;
  const invitation = `Join me in the village rewards programme: ${link} (my code: ${code})`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('Link copied. Paste it in a message to your neighbour.');
    } catch {
      setSaid('Could not copy here: select the link above and copy it.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Join our village rewards', text: invitation, url: link });
    } catch {
      // closed without sharing: nothing to say
    }
  };
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="referral-title">
      <h2 id="referral-title" className="font-display text-xl font-bold">
        Bring a neighbour
      </h2>
      <p className="text-bark-900">
        {bonusPoints > 0
          ? `When a neighbour joins with your code and makes their first visit, you both get ${bonusPoints} points.`
          : 'Invite a neighbour to join: it is free, and their visits count at every business in the village.'}
      </p>
      <div className="grid gap-1">
        <p className="text-sm text-bark-700">Your code</p>
        <p
          className="font-mono text-3xl font-bold tracking-[0.3em] text-meadow-800"
          aria-label={`Your code: ${code.split('').join(' ')}`}
        >
          {code}
        </p>
        {/* On a phone the link has a line of its own and breaks only where it must (inline after
            "Link:" it broke in the middle of the code). */}
        <p className="text-sm text-bark-700">
          Link:{' '}
          <span className="block font-semibold text-bark-900 wrap-anywhere sm:inline">{link}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {typeof navigator.share === 'function' ? (
          <Button onClick={() => void share()}>Share invitation</Button>
        ) : null}
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p role="status" className="text-sm text-meadow-800 empty:hidden">
        {said}
      </p>
      <p className="text-sm text-bark-700">{joinedSentence(joined, rewarded)}</p>
    </Card>
  );
}
