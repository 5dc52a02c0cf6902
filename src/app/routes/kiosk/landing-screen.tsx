// A kiosk landing (PRODUCT §2 /kiosk and every business's /:slug screen): opens the kiosk session once on
// load, keeps the location in session storage, and offers joining or checking in — or, outside
// demo mode on an unenrolled kiosk, the staff enrolment form. Its hidden scanner input takes a
// member's redemption code: the reward is shown, the clerk confirms, it is redeemed here.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { ScannerInput } from '@/features/checkin/components/ScannerInput.tsx';
import {
  kioskSessionQueryKey,
  useKioskSession,
} from '@/features/checkin/hooks/use-kiosk-session.ts';
import { idleTimings } from '@/features/checkin/lib/kiosk-timings.ts';
import { kioskRedemption } from '@/app/components/kiosk-redemption.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { markKioskDevice } from '@/app/kiosk-device.ts';
import { rememberKioskPrinter } from '@/features/checkin/lib/kiosk-printer.ts';
import { setLargeText } from '@/features/checkin/lib/kiosk-display.ts';
import { KioskScreen } from '@/features/checkin/components/KioskScreen.tsx';
import { KioskStatus } from '@/features/checkin/components/KioskStatus.tsx';

// The landing's first load carries no form, dialog, zod contract or supabase-js: what it needs
// beyond its own words arrives on demand (the kiosk landing's JS budget, scripts/bundle-size.ts).
const KioskEnrolment = lazy(async () => ({
  default: (await import('@/features/checkin/components/KioskEnrolment.tsx')).KioskEnrolment,
}));

/** get-demo-mode.ts's query, loaded on demand (its key: demoModeQueryOptions). */
function useDemoModeLazily() {
  return useQuery({
    queryKey: ['/api/demo'],
    queryFn: async () => (await import('@/features/checkin/api/get-demo-mode.ts')).getDemoMode(),
    retry: 3,
  });
}

export function KioskLanding(props: {
  title: string;
  locationId: string;
  businessName: string;
  joinLabel: string;
  header: ReactNode;
}) {
  const queryClient = useQueryClient();
  const search = useLocation().search;
  // From now on this browser is a kiosk: the idle reset covers every screen it can reach (with the
  // timings this tab was opened with: idleTimings() keeps a development override).
  useEffect(() => {
    markKioskDevice();
    idleTimings();
    // Back at the landing: the visit is over, and with it the last visitor's large-text choice.
    setLargeText(false);
  }, []);
  // Staff set the printer once: /kiosk?printer=yes (or no).
  useEffect(() => rememberKioskPrinter(search), [search]);
  const session = useKioskSession(props.locationId);
  const demo = useDemoModeLazily();
  // A redemption code the counter's scanner typed into this enrolled kiosk, and a scan it is not.
  const [redemptionCode, setRedemptionCode] = useState<string | null>(null);
  const redeem = useMemo(() => kioskRedemption(props.locationId), [props.locationId]);
  const [notACode, setNotACode] = useState(false);
  const onScan = (value: string) => {
    const redemption = redeem.accepts(value);
    setNotACode(!redemption);
    if (redemption) setRedemptionCode(value);
  };

  // Shown with what the visitor can do, never beside the loading line: a screen that is top-aligned
  // and grows only below its header does not shift (Lighthouse's CLS was 0.19 on /creamery).
  const terms = (
    <div className="flex max-w-2xl flex-col items-center gap-2">
      <p className="text-base text-bark-700">
        By joining you agree to the {PROGRAMME_NAME} terms and privacy policy. We use your name and
        phone number only for your rewards, and never sell them. Text messages are optional.
      </p>
      {/* On its own line: a kiosk target is at least 64 px, which a link inside a sentence is not. */}
      <Link to="/privacy" className="px-4 text-lg font-semibold text-meadow-800 underline">
        Read the terms and privacy policy
      </Link>
    </div>
  );
  let body: ReactNode;
  if (!session.data) body = <KioskStatus query={session} />;
  else if (!session.data.session.enrolled && demo.data?.demoMode !== true) {
    body = demo.isPending ? (
      <KioskStatus query={demo} />
    ) : (
      <Suspense fallback={<KioskStatus query={session} />}>
        <KioskEnrolment
          businessName={props.businessName}
          onEnrolled={(data) =>
            queryClient.setQueryData(kioskSessionQueryKey(props.locationId), data)
          }
        />
        {terms}
      </Suspense>
    );
  } else if (redemptionCode) {
    body = (
      <>
        {redeem.render(redemptionCode, () => setRedemptionCode(null))}
        {terms}
      </>
    );
  } else {
    body = (
      <>
        <div className="grid w-full max-w-xl gap-5">
          {!session.data.session.enrolled ? (
            // Only in demo mode does an unenrolled kiosk get here: say what that means.
            <p
              className="rounded-xl border-2 border-amber-400 bg-amber-50 p-3 text-base text-amber-950"
              data-testid="kiosk-demo-note"
            >
              Demo mode: this kiosk is not enrolled. Outside demo mode, staff enrol it once with{' '}
              {props.businessName}'s enrolment code before it can check members in.
            </p>
          ) : null}
          <ScannerInput onScan={onScan} />
          {notACode ? (
            <p role="alert" className="text-xl font-semibold text-red-800">
              That is not a redemption code. To check in, tap I'm Already a Member.
            </p>
          ) : null}
          <ButtonLink to="/kiosk/signup" size="lg" className="min-h-20 text-2xl">
            {props.joinLabel}
          </ButtonLink>
          <ButtonLink
            to="/kiosk/checkin"
            size="lg"
            variant="secondary"
            className="min-h-20 text-2xl"
          >
            I'm Already a Member
          </ButtonLink>
        </div>
        {terms}
      </>
    );
  }
  return (
    <KioskScreen title={props.title} align="top" className="gap-10 text-center">
      {props.header}
      {body}
    </KioskScreen>
  );
}
