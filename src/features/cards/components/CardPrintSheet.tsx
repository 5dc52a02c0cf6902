// What the printer gets: `copies` cards on one A4 or Letter page (two across, up to four down:
// 170 × 220 mm inside 12 mm margins fits both papers), cut along the dashed lines. Rendered beside
// the app's root, hidden on screen; the print stylesheet (index.css, .card-print) hides the rest of
// the page on paper, so whichever screen offers "Print" prints only the cards.
import { createPortal } from 'react-dom';
import { MemberCardFace, type PrintableCard } from './MemberCardFace.tsx';

export const MAX_COPIES = 8;

export function CardPrintSheet(props: { card: PrintableCard; copies?: number }) {
  const copies = Math.min(Math.max(props.copies ?? 1, 1), MAX_COPIES);
  return createPortal(
    <div className="card-print" data-testid="card-print-sheet" aria-hidden="true">
      <div className="grid grid-cols-[85mm_85mm] content-start">
        {Array.from({ length: copies }, (_, index) => (
          <MemberCardFace key={index} card={props.card} />
        ))}
      </div>
    </div>,
    document.body,
  );
}
