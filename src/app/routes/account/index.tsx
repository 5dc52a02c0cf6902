// The "My Account" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function AccountPage() {
  return <ScreenPlaceholder title="My Account" />;
}
