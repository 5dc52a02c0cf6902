// A screen that later work fills in: it names the screen so every route is reachable and clear.
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function ScreenPlaceholder(props: { title: string; children?: ReactNode }) {
  usePageTitle(props.title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold text-bark-900">{props.title}</h1>
      <p className="mt-4 text-bark-700">This screen is built in a later issue.</p>
      {props.children}
    </section>
  );
}
