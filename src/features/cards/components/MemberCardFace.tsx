// A printed member card, business-card size (85 × 55 mm): the programme, the member's name and
// their QR, which every counter scans like the QR on their phone. Sized in millimetres so the
// paper card comes out the same on any printer; on screen it is a preview at that size.
import { QrCode } from '@/components/ui/QrCode.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';

export interface PrintableCard {
  name: string;
  qr: string;
  version: number;
}

export function MemberCardFace(props: { card: PrintableCard; className?: string }) {
  return (
    <div
      className={`box-border flex h-[55mm] w-[85mm] items-center gap-[4mm] overflow-hidden border border-dashed border-bark-700 bg-white p-[4mm] text-black ${props.className ?? ''}`}
      data-testid="member-card"
    >
      <QrCode value={props.card.qr} size={160} label={`Member QR code of ${props.card.name}`} className="h-[40mm] w-[40mm] shrink-0" />
      <div className="flex min-w-0 flex-col gap-[2mm]">
        <p className="font-display text-[12pt] leading-tight font-bold">{PROGRAMME_NAME}</p>
        <p className="text-[11pt] leading-tight font-semibold break-words">{props.card.name}</p>
        <p className="text-[7.5pt] leading-snug">Show this card at any participating business to earn and redeem rewards.</p>
        {props.card.version > 1 ? <p className="text-[7pt]">Card {props.card.version}</p> : null}
      </div>
    </div>
  );
}
