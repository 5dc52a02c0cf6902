// A location's colour as the API names it (TopLocation.color), mapped to Tailwind classes and to
// chart colours (the icons are src/components/ui/LocationIcon.tsx).
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
  slate: 'bg-slate-100 text-slate-900',
};
const DEFAULT_COLOUR = 'bg-cream-100 text-bark-900';

export function locationColourClass(color: string): string {
  return COLOURS[color] ?? DEFAULT_COLOUR;
}

const CHART_HEX: Record<string, string> = {
  amber: '#b45309',
  pink: '#be185d',
  red: '#b91c1c',
  indigo: '#4338ca',
  orange: '#ea580c',
  purple: '#7e22ce',
  green: '#15803d',
  blue: '#1d4ed8',
  yellow: '#a16207',
  slate: '#475569',
};
const FALLBACK_HEX = ['#57534e', '#0f766e', '#9d174d', '#1e40af'];

/** A business's colour in the chart (hex for SVG), from the colour name the API gives it. */
export function chartColour(color: string, index: number): string {
  return CHART_HEX[color] ?? FALLBACK_HEX[index % FALLBACK_HEX.length]!;
}
