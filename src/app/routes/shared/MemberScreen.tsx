// The frame of the member screens (mobile, sign-in, account): a narrow column for a phone, the
// programme's name linking home, and the page title.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function MemberScreen(props: { title: string; children: ReactNode; wide?: boolean }) {
  usePageTitle(props.title);
  return (
    <div className="min-h-dvh bg-cream-50 text-bark-900">
      <header className="border-b border-cream-200 bg-white">
        <div className={`mx-auto flex h-14 items-center px-4 ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>
          <Link
            to="/"
            className="rounded font-display text-lg font-bold text-meadow-800 focus-visible:outline-3 focus-visible:outline-meadow-700"
          >
            {PROGRAMME_NAME}
          </Link>
        </div>
      </header>
      <main className={`mx-auto px-4 py-8 ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>{props.children}</main>
    </div>
  );
}
