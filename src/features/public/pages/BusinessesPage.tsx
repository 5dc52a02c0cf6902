// The "Participating Businesses" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function BusinessesPage() {
  return <ScreenPlaceholder title="Participating Businesses" />;
}
