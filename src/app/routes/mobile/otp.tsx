// The "Verify Your Phone" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function MobileOtpPage() {
  return <ScreenPlaceholder title="Verify Your Phone" />;
}
