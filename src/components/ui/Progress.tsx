// A progress bar (role progressbar with its value for screen readers), clamped to 0–100 %.
import { cn } from '@/lib/cn.ts';

export function Progress(props: {
  value: number;
  max?: number;
  label: string;
  className?: string;
}) {
  const max = props.max ?? 100;
  const value = Math.min(Math.max(props.value, 0), max);
  const percent = max > 0 ? (value / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-3 w-full overflow-hidden rounded-full bg-cream-200', props.className)}
    >
      <div
        className="h-full rounded-full bg-meadow-700 transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
