// The big panel that says something is done (a visit approved, a reward redeemed) on a kiosk or a
// phone: a tick, the title (which labels the panel), then what was done.
import type { ReactNode } from 'react';

export function DonePanel(props: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.titleId}
      className="w-full max-w-2xl rounded-3xl border-2 border-meadow-700 bg-white p-8 text-center shadow-sm"
    >
      <p aria-hidden="true" className="text-6xl">
        ✓
      </p>
      <h2 id={props.titleId} className="mt-2 font-display text-4xl font-bold text-meadow-800">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
