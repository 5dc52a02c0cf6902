// The join page's word on a join link's invitation (/join?ref=CODE): "You were invited by a
// neighbour" — never their name: a link is passed around, and a name would tell whoever holds it who
// the member is. A code that is not one is said plainly, and the form below still joins.
import { userMessage } from '@/lib/api-client.ts';
import { useReferralCodeCheck } from '../api/referrals.ts';
import { isReferralCode } from '@/lib/referral-code.ts';

export function InvitationNotice(props: { code: string | null }) {
  const check = useReferralCodeCheck(props.code);
  if (props.code === null) return null;
  const box = 'mt-6 rounded-2xl border p-4';
  if (!isReferralCode(props.code) || check.data?.valid === false) {
    return (
      <div role="status" className={`${box} border-honey-500 bg-cream-100 text-bark-900`}>
        <p className="font-semibold">This invitation code isn't one we know.</p>
        <p className="mt-1 text-sm">You can still join: check the code with your neighbour, or leave it out.</p>
      </div>
    );
  }
  if (check.isPending) {
    return <p role="status" className="mt-6 text-sm text-bark-700">Checking your invitation…</p>;
  }
  if (check.isError) {
    return (
      <p role="status" className="mt-6 text-sm text-bark-700">
        {"We couldn't check the invitation just now"} ({userMessage(check.error)}). You can still join with the code.
      </p>
    );
  }
  return (
    <div role="status" className={`${box} border-meadow-600 bg-cream-100 text-meadow-800`}>
      <p className="font-semibold">You were invited by a neighbour.</p>
      <p className="mt-1 text-sm">
        {check.data.bonusPoints > 0
          ? `Join with their code and make your first visit: you both get ${check.data.bonusPoints} points.`
          : 'Their code is filled in below.'}
      </p>
    </div>
  );
}

/** What the join's answer says of the code it carried, for the success view. */
export function referralOutcomeSentence(outcome: 'accepted' | 'invalid' | null | undefined): string | null {
  if (outcome === 'accepted') return "Your neighbour's invitation is noted.";
  if (outcome === 'invalid') return "We didn't recognise the invitation code, so it was left out. Your membership is ready all the same.";
  return null;
}
