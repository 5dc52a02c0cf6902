// The kiosk home (PRODUCT §2 /kiosk and /kiosk-home): the programme, join or check in. It opens the
// kiosk session at the stored location (a business's landing set it), else the kiosk default.
import { useState } from 'react';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { readSession, SESSION_KEYS } from '@/lib/session-keys.ts';
import { KioskLanding } from './landing-screen.tsx';

export function KioskHomePage() {
  const [locationId] = useState(kioskLocationId);
  const businessName = readSession(SESSION_KEYS.businessName) ?? 'this business';
  return (
    <KioskLanding
      title="Kiosk"
      locationId={locationId}
      businessName={businessName}
      joinLabel="Join & Get Reward"
      header={
        <header>
          <h1 className="font-display text-5xl font-bold sm:text-6xl">{PROGRAMME_NAME}</h1>
          <p className="mt-4 text-2xl text-bark-700">
            Earn points at every business in the village. Join once, use it everywhere.
          </p>
        </header>
      }
    />
  );
}
