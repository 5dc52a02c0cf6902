// The "Kiosk Welcome" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function KioskWelcomePage() {
  return <ScreenPlaceholder title="Kiosk Welcome" />;
}
