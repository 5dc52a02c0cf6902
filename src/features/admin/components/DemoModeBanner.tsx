// Demo mode said plainly in /admin: when the API runs with DEMO_MODE on, kiosks that
// were never enrolled are trusted to approve their own check-ins and the member's QR screen offers
// Simulate Scan — right for trying the programme, wrong for a live one.
// The app layer reads GET /api/demo (the checkin feature's query) and passes it here.
import { Button } from '@/components/ui/Button.tsx';

export function DemoModeBanner(props: { demo: { data?: { demoMode: boolean }; isError: boolean; refetch: () => unknown } }) {
  const { demo } = props;
  if (demo.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        Could not tell whether demo mode is on.
        <Button variant="secondary" className="min-h-9 px-3 py-1 text-sm" onClick={() => void demo.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  if (demo.data?.demoMode !== true) return null;
  return (
    <section
      aria-labelledby="demo-mode-heading"
      className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
      data-testid="demo-mode-banner"
    >
      <h2 id="demo-mode-heading" className="font-semibold">
        Demo mode is on
      </h2>
      <p className="mt-1 text-sm">
        Kiosks work without being enrolled: any tablet that opens a business's kiosk page can check members in, and
        the member's QR screen offers Simulate Scan. Use it to try the programme, not to run it. For a live programme
        the server runs with <code>DEMO_MODE=false</code>; then each kiosk must be enrolled with its business's
        enrolment code (Locations tab).
      </p>
    </section>
  );
}
