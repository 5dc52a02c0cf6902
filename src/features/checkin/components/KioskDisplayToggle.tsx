// The switch for the kiosk's large-text, high-contrast mode, on every kiosk screen. A toggle button
// (aria-pressed) whose name never changes; "On" / "Off" beside it says the state to sighted users.
import { useSyncExternalStore } from 'react';
import { largeTextOn, setLargeText, subscribeLargeText } from '../lib/kiosk-display.ts';

export function useLargeText(): boolean {
  return useSyncExternalStore(subscribeLargeText, largeTextOn, () => false);
}

export function KioskDisplayToggle() {
  const on = useLargeText();
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => setLargeText(!on)}
      className="inline-flex min-h-16 min-w-16 items-center gap-3 rounded-2xl border-2 border-bark-900 bg-white px-5 text-xl font-semibold text-bark-900 shadow-sm focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-meadow-700"
    >
      <span aria-hidden="true" className="font-display text-2xl font-bold">
        Aa
      </span>
      Large text &amp; high contrast
      <span
        aria-hidden="true"
        className={`rounded-lg px-2 py-0.5 text-base ${on ? 'bg-bark-900 text-white' : 'border border-bark-900 bg-white'}`}
      >
        {on ? 'On' : 'Off'}
      </span>
    </button>
  );
}
