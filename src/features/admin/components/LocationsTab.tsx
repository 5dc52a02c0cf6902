// The Locations tab: the six businesses with visits and members in the range, sign-ups, kiosks
// and staff phones (add and remove them); set or rotate a kiosk enrolment code; list and revoke a business's kiosks.
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { useAdminLocations } from '../api/get-admin-locations.ts';
import { EnrolmentCodeButton } from './EnrolmentCodeButton.tsx';
import { KioskList } from './KioskList.tsx';
import { LocationTile } from './LocationTile.tsx';
import { QueryView } from './QueryState.tsx';
import { StaffList } from './StaffList.tsx';

export function LocationsTab(props: {
  filters: AdminFilters;
  /** Whether the API runs in demo mode (GET /api/demo, read by the app layer); undefined while unknown. */
  demoMode?: boolean;
}) {
  const query = useAdminLocations(props.filters);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <QueryView query={query} emptyText="No businesses found" what="the businesses">
      <ul className="grid gap-4 lg:grid-cols-2">
        {query.data?.map((location) => (
          <li key={location.id}>
            <Card className="grid gap-3 p-5">
              <div className="flex items-center gap-3">
                <LocationTile location={location} />
                <h3 className="font-display text-lg font-bold text-bark-900">
                  {location.businessName}
                </h3>
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <Figure label="Visits" value={location.visits} />
                <Figure label="Members" value={location.members} />
                <Figure label="Joined here" value={location.signups} />
                <Figure
                  label="Kiosks"
                  value={`${location.enrolledKiosks} of ${location.kiosks} enrolled`}
                />
              </dl>
              <p className="text-sm text-bark-700" data-testid="enrolment-words">
                Kiosk enrolment code: {enrolmentWords(location.enrolmentCodeSetAt, props.demoMode === true)}
              </p>
              <StaffList locationId={location.id} businessName={location.businessName} />
              <div className="flex flex-wrap gap-2">
                <EnrolmentCodeButton
                  locationId={location.id}
                  businessName={location.businessName}
                  rotate={location.enrolmentCodeSetAt !== null}
                  onDone={() => void query.refetch()}
                />
                <Button
                  variant="secondary"
                  aria-expanded={open === location.id}
                  aria-controls={`kiosks-${location.id}`}
                  onClick={() => setOpen(open === location.id ? null : location.id)}
                >
                  {open === location.id ? 'Hide kiosks' : 'Show kiosks'}
                </Button>
              </div>
              {open === location.id ? (
                <div id={`kiosks-${location.id}`}>
                  <KioskList locationId={location.id} businessName={location.businessName} />
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </QueryView>
  );
}

/**
 * What the enrolment code means now. In demo mode kiosks work unenrolled, so a missing code stops
 * nothing yet; outside it, a kiosk checks members in only once enrolled with the code.
 */
function enrolmentWords(setAt: string | null, demoMode: boolean): string {
  if (setAt) {
    const when = new Date(setAt).toLocaleString();
    return demoMode
      ? `set ${when}. Demo mode is on, so kiosks work here even unenrolled; outside demo mode each needs this code.`
      : `set ${when}. A kiosk checks members in once staff enrol it with this code.`;
  }
  return demoMode
    ? 'not set. Demo mode is on, so kiosks work here without one; outside demo mode set a code and enrol each kiosk with it.'
    : 'not set. Kiosks here cannot check members in until you set a code and staff enrol each kiosk with it.';
}

function Figure(props: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl bg-cream-50 p-2">
      <dt className="text-xs font-semibold text-bark-700">{props.label}</dt>
      <dd className="font-semibold text-bark-900">{props.value}</dd>
    </div>
  );
}
