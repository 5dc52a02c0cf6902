// A member's own screen (account, history, QR, wallet, card): the member frame (MemberScreen); until
// the stored session is read, the screen's loading line; signed out (or on a kiosk), its sign-in
// prompt (PRODUCT §2: "Please sign in to view your account", …). BackToAccount: the way back from
// the account's own screens (QR, history, card).
import type { ComponentType, ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { LoadingLine } from '@/features/session/components/SignInPrompt.tsx';
import { RequireSession } from '@/lib/RequireSession.tsx';
import { MemberScreen } from '@/app/layouts/MemberScreen.tsx';

export function MemberOnly(props: {
  title: string;
  /** The screen's sign-in prompt (it shows the same one when /api/me answers 401). */
  signedOut: ReactNode;
  /** "Loading your account...": the screen's own loading line. */
  loading: string;
  /** The screen itself, drawn for a signed-in member. */
  screen: ComponentType;
}) {
  return (
    <MemberScreen title={props.title}>
      <RequireSession
        kind="member"
        fallback={props.signedOut}
        loading={<LoadingLine text={props.loading} />}
      >
        <props.screen />
      </RequireSession>
    </MemberScreen>
  );
}

export function BackToAccount() {
  return (
    <ButtonLink to="/account" size="lg" variant="secondary">
      Back to Account
    </ButtonLink>
  );
}
