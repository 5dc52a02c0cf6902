// The "Join at a Business" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function BusinessJoinPage() {
  return <ScreenPlaceholder title="Join at a Business" />;
}
