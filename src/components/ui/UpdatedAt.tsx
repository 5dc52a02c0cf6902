// "Updated just now" / "Updated 14:05:09": when a live screen's figures were last read,
// from TanStack Query's `dataUpdatedAt`. Plain text, deliberately not an aria-live region: a
// screen reader is not interrupted every 30 s; it reads the line when the person reaches it.
import { useNow } from '@/lib/use-now.ts';
import { cn } from '@/lib/cn.ts';

const JUST_NOW_MS = 10_000;
const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The words for a read at `updatedAt` seen at `now` (both ms since the epoch). */
export function updatedText(updatedAt: number, now: number): string {
  return now - updatedAt < JUST_NOW_MS ? 'Updated just now' : `Updated ${clock.format(updatedAt)}`;
}

/**
 * The oldest of the given reads (0 = not read yet, ignored): the screen is as current as its
 * stalest part. Null when nothing was read.
 */
export function oldestRead(updatedAts: number[]): number | null {
  const read = updatedAts.filter((at) => at > 0);
  return read.length ? Math.min(...read) : null;
}

export function UpdatedAt(props: {
  updatedAt: number | null;
  failed?: boolean;
  className?: string;
}) {
  const now = useNow(props.updatedAt !== null, 5_000);
  if (props.updatedAt === null) return null;
  return (
    <p className={cn('text-sm text-bark-700', props.className)}>
      <time dateTime={new Date(props.updatedAt).toISOString()}>
        {updatedText(props.updatedAt, Math.max(now, props.updatedAt))}
      </time>
      {props.failed ? ' · could not refresh, trying again' : null}
    </p>
  );
}
