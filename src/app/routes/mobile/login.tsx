// The "Mobile Sign-in" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function MobileLoginPage() {
  return <ScreenPlaceholder title="Mobile Sign-in" />;
}
