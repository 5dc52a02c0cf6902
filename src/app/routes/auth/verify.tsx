// The "Verify Sign-in Code" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function LoginVerifyPage() {
  return <ScreenPlaceholder title="Verify Sign-in Code" />;
}
