// A business's picture: its image when it has one, else its icon on its colour
// ("icon from a set or an image"). Decorative next to the business's name unless `alt` is given.
import { cn } from '@/lib/cn.ts';
import { locationColourClass } from '@/lib/location-style.ts';
import { LocationIcon } from './LocationIcon.tsx';

const SIZES = {
  md: { box: 'size-16 rounded-xl', icon: 'size-9', px: 64 },
  xl: { box: 'size-36 rounded-3xl', icon: 'size-20', px: 144 },
} as const;

export function BusinessLogo(props: {
  location: { businessName: string; logoUrl: string; icon: string; color: string };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const size = SIZES[props.size ?? 'md'];
  if (props.location.logoUrl) {
    return (
      <img
        src={props.location.logoUrl}
        alt={`${props.location.businessName} logo`}
        width={size.px}
        height={size.px}
        className={cn(size.box, 'shrink-0 bg-white object-contain', props.size === 'xl' && 'p-3 shadow-sm', props.className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${props.location.businessName} logo`}
      className={cn(size.box, 'flex shrink-0 items-center justify-center', locationColourClass(props.location.color), props.className)}
    >
      <LocationIcon icon={props.location.icon} className={size.icon} />
    </span>
  );
}
