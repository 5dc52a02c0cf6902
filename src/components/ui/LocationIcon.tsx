// A business's icon as the API names it (the contract's LOCATION_ICONS, or a default), drawn as
// inline SVG so it looks the same everywhere (no emoji font needed).
import type { LocationIconName } from '@contract';
import type { ReactNode } from 'react';

// Exactly the contract's icons: a missing or extra one is a type error.
const PATHS: Record<string, ReactNode> = {
  'ice-cream': (
    <>
      <path d="M7 11a5 5 0 0 1 10 0" />
      <path d="M6 11h12l-6 11z" />
    </>
  ),
  pizza: (
    <>
      <path d="M12 21 3 6c5.5-3 12.5-3 18 0z" />
      <path d="M4.6 8.7c4.6-2.2 10.2-2.2 14.8 0" />
      <circle cx="10" cy="11" r="1" />
      <circle cx="14" cy="14" r="1" />
    </>
  ),
  coffee: (
    <>
      <path d="M4 9h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
      <path d="M17 11h1.5a2.5 2.5 0 0 1 0 5H17" />
      <path d="M8 3v3M12 3v3" />
    </>
  ),
  palette: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.4 0 2-1 2-2 0-1.6-1.4-2 0-3.5.8-.8 2-.5 3.5-.5A3.5 3.5 0 0 0 21 11.5C21 6.8 17 3 12 3z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10.5" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  cookie: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="9" cy="9" r="1" />
      <circle cx="15" cy="10" r="1" />
      <circle cx="10" cy="15" r="1" />
      <circle cx="15" cy="15" r="1" />
    </>
  ),
  candy: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="m8.5 10-4.5-3v10l4.5-3M15.5 10l4.5-3v10l-4.5-3" />
    </>
  ),
  store: (
    <>
      <path d="M4 10v10h16V10" />
      <path d="M3 10 5 4h14l2 6z" />
      <path d="M10 20v-5h4v5" />
    </>
  ),
} satisfies Record<LocationIconName, ReactNode>;

const DEFAULT = (
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>
);

export function LocationIcon(props: { icon: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={props.className ?? 'size-6'}
      data-icon={props.icon in PATHS ? props.icon : 'default'}
    >
      {PATHS[props.icon] ?? DEFAULT}
    </svg>
  );
}
