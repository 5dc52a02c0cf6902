// A member's QR for staff to scan, written once for the kiosk, mobile, account and join screens:
// the code (PRODUCT §9: 200, or 250 on the account) and a caption under it.
import type { ReactNode } from 'react';
import { QrCode } from '@/components/ui/QrCode.tsx';

export function MemberQr(props: {
  value: string;
  size?: number;
  caption?: ReactNode;
  label?: string;
}) {
  return (
    <figure className="flex flex-col items-center gap-3">
      <div className="rounded-2xl border border-cream-200 bg-white p-3 shadow-sm">
        <QrCode
          value={props.value}
          size={props.size ?? 200}
          label={props.label ?? 'Your member QR code'}
        />
      </div>
      {props.caption ? (
        <figcaption className="text-center text-sm text-bark-700">{props.caption}</figcaption>
      ) : null}
    </figure>
  );
}
