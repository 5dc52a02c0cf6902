// The frame of the kiosk's form screens (check-in, sign-up): the kiosk screen, '← Back' to its
// landing, the big heading and the line under it, then the form.
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { KioskScreen } from '@/features/checkin/components/KioskScreen.tsx';
import { kioskLandingPath } from '@/app/kiosk-device.ts';

export function KioskFormScreen(props: {
  /** The document title. */
  title: string;
  heading: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <KioskScreen title={props.title}>
      <div className="w-full max-w-2xl">
        <ButtonLink to={kioskLandingPath()} variant="ghost" size="lg" className="-ml-4">
          ← Back
        </ButtonLink>
        <h1 className="mt-4 font-display text-5xl font-bold">{props.heading}</h1>
        <p className="mt-2 text-2xl text-bark-700">{props.intro}</p>
        {props.children}
      </div>
    </KioskScreen>
  );
}
