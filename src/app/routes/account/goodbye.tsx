// After "Delete my account": the account is gone and the member signed out.
import { ButtonLink } from '@/components/ui/Button.tsx';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';

export function GoodbyePage() {
  return (
    <MemberScreen title="Account deleted">
      <div className="grid gap-4">
        <h1 className="font-display text-3xl font-bold">Goodbye</h1>
        <p className="text-bark-900">
          Your account is deleted. Your name, phone number and texting choices have been erased, and you are signed
          out. Your past visits stay in the businesses&apos; totals without your name.
        </p>
        <p className="text-bark-900">You are welcome to join again at any time with the same phone number.</p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/" size="lg">
            Back to Village Rewards
          </ButtonLink>
          <ButtonLink to="/join" size="lg" variant="secondary">
            Join again
          </ButtonLink>
        </div>
      </div>
    </MemberScreen>
  );
}
