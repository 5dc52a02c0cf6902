// The address a kiosk's QR opens on the member's own phone, with the kiosk's business.
/** A page of the member's own phone, opened by scanning a QR on the kiosk, with its business. */
export function phoneHandoffUrl(path: '/mobile/wallet' | '/mobile/qr', locationId: string): string {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  url.searchParams.set('location', locationId);
  return url.toString();
}
