// A business's kiosk landing screen (SPEC §2: /chatterbox, /creamery, ...), one per business.
import { ScreenPlaceholder } from '@/components/ui/ScreenPlaceholder.tsx';

export function BusinessKioskLandingPage(props: { locationId: string }) {
  return (
    <ScreenPlaceholder title="Business Kiosk">
      <p className="mt-2 text-sm text-bark-700">Kiosk for business: {props.locationId}</p>
    </ScreenPlaceholder>
  );
}
