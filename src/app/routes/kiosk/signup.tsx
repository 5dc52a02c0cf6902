// The "Kiosk Sign-up" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function KioskSignupPage() {
  return <ScreenPlaceholder title="Kiosk Sign-up" />;
}
