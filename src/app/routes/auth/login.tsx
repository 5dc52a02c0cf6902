// The "Sign In" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function LoginPage() {
  return <ScreenPlaceholder title="Sign In" />;
}
