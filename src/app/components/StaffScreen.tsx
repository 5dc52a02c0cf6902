// The frame of the operator's, owner's and counter's screens: the page title, and the screen only
// for a session of its kind; signed out, the phone-code sign-in (StaffSignIn); signed in without
// the claim, who they are and that the screen is not theirs (NotAuthorised). StaffHeader: the admin
// header of the operator's and owner's screens, with who is signed in and Sign out.
import type { ReactNode } from 'react';
import { AdminHeader } from '@/features/admin/components/AdminHeader.tsx';
import { useStaffSignOut } from '@/features/session/api/staff-sign-out.ts';
import { NotAuthorised } from '@/features/session/components/NotAuthorised.tsx';
import { StaffSignIn } from '@/features/session/components/StaffSignIn.tsx';
import { formatPhone } from '@/lib/phone.ts';
import { RequireSession } from '@/lib/RequireSession.tsx';
import { useSession } from '@/lib/session.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function StaffScreen(props: {
  kind: 'staff' | 'owner' | 'admin';
  /** The document title and the sign-in's heading. */
  title: string;
  /** The sign-in's sentence under the heading. */
  intro: string;
  /** What a signed-in user without the claim may not see: "the admin dashboard", … */
  forbidden: string;
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <RequireSession
      kind={props.kind}
      fallback={<StaffSignIn title={props.title} intro={props.intro} />}
      forbidden={<NotAuthorised what={props.forbidden} />}
    >
      {props.children}
    </RequireSession>
  );
}

export function StaffHeader(props: {
  /** Who is signed in when the account has neither a name nor a phone: "Admin", "Owner". */
  role: string;
  title?: string;
  status?: ReactNode;
}) {
  const { user } = useSession();
  const logout = useStaffSignOut();
  const name = typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : null;
  const phone = user?.phone ? formatPhone(user.phone.slice(-10)) : null;
  return (
    <AdminHeader
      title={props.title}
      who={[name, phone].filter(Boolean).join(' · ') || props.role}
      onSignOut={() => logout.mutate()}
      signingOut={logout.isPending}
      status={props.status}
    />
  );
}
