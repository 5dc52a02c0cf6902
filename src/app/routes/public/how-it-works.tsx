// The "How It Works" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function HowItWorksPage() {
  return <ScreenPlaceholder title="How It Works" />;
}
