// A business's icon on its colour in a rounded square, beside its name (so hidden from screen readers).
import { LocationIcon } from '@/components/ui/LocationIcon.tsx';
import { cn } from '@/lib/cn.ts';
import { locationColourClass } from '../lib/location-style.ts';

export function LocationTile(props: {
  location: { icon: string; color: Parameters<typeof locationColourClass>[0] };
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-11 place-items-center rounded-xl text-xl',
        props.className,
        locationColourClass(props.location.color),
      )}
    >
      <LocationIcon icon={props.location.icon} />
    </span>
  );
}
