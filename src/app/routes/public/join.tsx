// The "Join Village Rewards" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function JoinPage() {
  return <ScreenPlaceholder title="Join Village Rewards" />;
}
