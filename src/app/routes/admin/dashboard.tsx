// The "Village Rewards Admin" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function AdminDashboardPage() {
  return <ScreenPlaceholder title="Village Rewards Admin" />;
}
