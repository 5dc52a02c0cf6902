// A real, scannable QR code (qrcode.react, SVG) with a 4-module quiet zone on white, so phone
// cameras and counter scanners read back exactly `value`. PRODUCT §9 sizes: 200; 250 for the account.
import { QRCodeSVG } from 'qrcode.react';

export function QrCode(props: {
  value: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  const size = props.size ?? 200;
  return (
    <QRCodeSVG
      value={props.value}
      size={size}
      level="M"
      marginSize={4}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={props.label ?? 'QR code'}
      className={props.className}
    />
  );
}
