// The "Points & Rewards" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function MobileWalletPage() {
  return <ScreenPlaceholder title="Points & Rewards" />;
}
