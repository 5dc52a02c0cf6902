// A tier as a coloured badge (Gold yellow, Silver gray, Bronze orange, plain otherwise).
import { Badge } from '@/components/ui/Badge.tsx';
import { tierBadgeVariant } from '../lib/tier.ts';

export function TierBadge(props: { status: string; className?: string }) {
  return (
    <Badge variant={tierBadgeVariant(props.status)} className={props.className}>
      {props.status}
    </Badge>
  );
}
