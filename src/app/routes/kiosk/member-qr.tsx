// The "Kiosk Member QR" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function KioskMemberQrPage() {
  return <ScreenPlaceholder title="Kiosk Member QR" />;
}
