// The "Mobile Check-in QR" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function MobileQrPage() {
  return <ScreenPlaceholder title="Mobile Check-in QR" />;
}
