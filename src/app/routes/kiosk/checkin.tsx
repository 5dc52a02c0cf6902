// The "Kiosk Check-in" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function KioskCheckinPage() {
  return <ScreenPlaceholder title="Kiosk Check-in" />;
}
