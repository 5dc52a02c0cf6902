// A kiosk button that opens a member page on the member's OWN phone: it shows a QR
// of that page's address (with this kiosk's business) instead of signing anyone in on the tablet.
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { QrCode } from '@/components/ui/QrCode.tsx';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { phoneHandoffUrl } from '../lib/phone-handoff.ts';

export function PhoneHandoff(props: {
  label: string;
  path: '/mobile/wallet' | '/mobile/qr';
  /** What the page on the phone shows, for the dialog's sentence. */
  what: string;
  className?: string;
}) {
  const url = phoneHandoffUrl(props.path, kioskLocationId());
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="lg" variant="secondary" className={props.className}>
          {props.label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Open it on your phone"
        description={`Scan this code with your phone's camera to see ${props.what} on your own phone. Nothing about you stays on this kiosk.`}
        className="max-w-xl p-8 text-center text-xl [&_h2]:text-3xl"
      >
        <div className="flex flex-col items-center gap-4">
          <div className="rounded-2xl border border-cream-200 bg-white p-3">
            <QrCode value={url} size={240} label={`QR code: ${props.label} on your phone`} />
          </div>
          <DialogCloseButton size="lg" className="min-h-16 w-full text-xl" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
