// A location's icon and colour as the API names them (TopLocation.icon / .color), mapped to what
// the dashboard draws (SPEC §2: ice cream, pizza, coffee, palette, or a default icon).
const ICONS: Record<string, string> = {
  'ice-cream': '🍦',
  pizza: '🍕',
  coffee: '☕',
  palette: '🎨',
};
const DEFAULT_ICON = '📍';

export function locationIcon(icon: string): string {
  return ICONS[icon] ?? DEFAULT_ICON;
}

// Literal class names so Tailwind generates them.
const COLOURS: Record<string, string> = {
  amber: 'bg-amber-100 text-amber-900',
  pink: 'bg-pink-100 text-pink-900',
  red: 'bg-red-100 text-red-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  orange: 'bg-orange-100 text-orange-900',
  purple: 'bg-purple-100 text-purple-900',
  green: 'bg-green-100 text-green-900',
  blue: 'bg-blue-100 text-blue-900',
  yellow: 'bg-yellow-100 text-yellow-900',
};
const DEFAULT_COLOUR = 'bg-cream-100 text-bark-900';

export function locationColourClass(color: string): string {
  return COLOURS[color] ?? DEFAULT_COLOUR;
}

/** Chart line colours (hex for SVG), one per business, stable by order. */
export const CHART_COLOURS = ['#b45309', '#be185d', '#b91c1c', '#4338ca', '#c2410c', '#7e22ce', '#15803d'];
