// The "Contact Us" screen (SPEC §2); its content is built in a later issue.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function ContactPage() {
  return <ScreenPlaceholder title="Contact Us" />;
}
