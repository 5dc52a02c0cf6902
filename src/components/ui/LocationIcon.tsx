// A business's icon as the API names it (the contract's LOCATION_ICONS, or a default), drawn as
// inline SVG so it looks the same everywhere (no emoji font needed).
import type { LocationIconName } from '@contract';

// A shape of an icon: a path's `d`, or a circle as [cx, cy, r].
type Shape = string | readonly [cx: number, cy: number, r: number];

// Exactly the contract's icons: a missing or extra one is a type error.
const SHAPES: Record<string, readonly Shape[]> = {
  'ice-cream': ['M7 11a5 5 0 0 1 10 0', 'M6 11h12l-6 11z'],
  pizza: ['M12 21 3 6c5.5-3 12.5-3 18 0z', 'M4.6 8.7c4.6-2.2 10.2-2.2 14.8 0', [10, 11, 1], [14, 14, 1]],
  coffee: ['M4 9h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z', 'M17 11h1.5a2.5 2.5 0 0 1 0 5H17', 'M8 3v3M12 3v3'],
  palette: [
    'M12 3a9 9 0 1 0 0 18c1.4 0 2-1 2-2 0-1.6-1.4-2 0-3.5.8-.8 2-.5 3.5-.5A3.5 3.5 0 0 0 21 11.5C21 6.8 17 3 12 3z',
    [7.5, 11, 1],
    [10.5, 7, 1],
    [15, 7.5, 1],
  ],
  cookie: [[12, 12, 9], [9, 9, 1], [15, 10, 1], [10, 15, 1], [15, 15, 1]],
  candy: [[12, 12, 4], 'm8.5 10-4.5-3v10l4.5-3M15.5 10l4.5-3v10l-4.5-3'],
  store: ['M4 10v10h16V10', 'M3 10 5 4h14l2 6z', 'M10 20v-5h4v5'],
} satisfies Record<LocationIconName, readonly Shape[]>;

// A map pin, for an icon the contract does not name.
const DEFAULT: readonly Shape[] = ['M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z', [12, 9.5, 2.5]];

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
      data-icon={props.icon in SHAPES ? props.icon : 'default'}
    >
      {(SHAPES[props.icon] ?? DEFAULT).map((shape, index) =>
        typeof shape === 'string' ? (
          <path key={index} d={shape} />
        ) : (
          <circle key={index} cx={shape[0]} cy={shape[1]} r={shape[2]} />
        ),
      )}
    </svg>
  );
}
