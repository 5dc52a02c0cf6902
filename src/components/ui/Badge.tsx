// A small label. Colour variants: gold (yellow), silver (gray), bronze (orange), plain otherwise.
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

const variants = {
  gold: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  silver: 'border-gray-300 bg-gray-100 text-gray-800',
  bronze: 'border-orange-300 bg-orange-100 text-orange-900',
  plain: 'border-bark-300 bg-cream-50 text-bark-900',
};
export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = 'plain',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
