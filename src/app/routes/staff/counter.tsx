// The staff counter (/staff, issue 14): scan a member's QR and approve the visit; built later.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function StaffCounterPage() {
  return <ScreenPlaceholder title="Staff Counter" />;
}
