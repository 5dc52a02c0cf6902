// A pulsing placeholder block for content that is loading (decorative: pair it with a status text).
import { cn } from '@/lib/cn.ts';

export function Skeleton(props: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-xl bg-cream-200', props.className)}
    />
  );
}
