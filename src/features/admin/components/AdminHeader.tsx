// The admin header (PRODUCT §2): the programme name + 'Admin', and who is signed in
// (the real admin, not a fixed 'Admin User'), with sign out.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';

export function AdminHeader(props: {
  who: string;
  onSignOut: () => void;
  signingOut: boolean;
  /** The heading; the programme's admin by default (a business owner's screen names the business). */
  title?: string;
  /** Under the heading: when the screen's figures were last read. */
  status?: ReactNode;
}) {
  return (
    <header className="border-b border-cream-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <h1 className="font-display text-2xl font-bold text-bark-900">
            {props.title ?? `${PROGRAMME_NAME} Admin`}
          </h1>
          {props.status}
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm text-bark-700">
            Signed in as <strong className="text-bark-900">{props.who}</strong>
          </span>
          <Button variant="secondary" onClick={props.onSignOut} disabled={props.signingOut}>
            Sign out
          </Button>
        </div>
      </div>
    </header>
  );
}
