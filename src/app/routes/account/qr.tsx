// The "My QR Code" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function AccountQrPage() {
  return <ScreenPlaceholder title="My QR Code" />;
}
