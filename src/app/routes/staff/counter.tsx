// The staff counter (/staff): staff (or admins) sign in by phone code; staff work at
// the location in their claim, admins pick one; then scan members' codes at the counter.
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Label } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import { useLocations } from '@/features/locations/api/get-locations.ts';
import { TierBadge } from '@/features/rewards/components/TierBadge.tsx';
import { tierFor } from '@/features/rewards/lib/tier.ts';
import { useStaffSignOut } from '@/features/session/api/staff-sign-out.ts';
import { Counter } from '@/features/staff/components/Counter.tsx';
import { userMessage } from '@/lib/api-client.ts';
import { formatPhone } from '@/lib/phone.ts';
import { useProgramme } from '@/lib/programme.ts';
import { useSession } from '@/lib/session.ts';
import { StaffScreen } from '@/app/components/StaffScreen.tsx';

const ADMIN_LOCATION_KEY = 'staff_counter_location';

export function StaffCounterPage() {
  return (
    <StaffScreen
      kind="staff"
      title="Staff Counter"
      intro="Sign in with your staff phone number. We will text you a 6-digit code."
      forbidden="the staff counter"
    >
      <StaffCounter />
    </StaffScreen>
  );
}

function StaffCounter() {
  // The badge follows the thresholds of GET /api/programme (none shown until they are known).
  const tiers = useProgramme().data?.tiers;
  const renderTier = (points: number) =>
    tiers ? <TierBadge status={tierFor(points, tiers)} className="text-sm" /> : null;
  const { claims, user } = useSession();
  const logout = useStaffSignOut();
  const locations = useLocations();
  const isAdmin = claims?.role === 'admin';
  const [chosen, setChosen] = useState(() => sessionStorage.getItem(ADMIN_LOCATION_KEY) ?? '');
  const locationId = isAdmin ? chosen : (claims?.locationId ?? '');
  const business = locations.data?.find((location) => location.id === locationId);
  const phone = user?.phone ? formatPhone(user.phone.slice(-10)) : '';

  return (
    <div className="min-h-svh bg-cream-50">
      <header className="border-b border-cream-200 bg-white">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <h1 className="font-display text-xl font-bold text-bark-900">Staff Counter</h1>
            <p className="text-sm break-words text-bark-700">
              {business
                ? business.businessName
                : locations.isPending
                  ? 'Loading…'
                  : locationId
                    ? locationId
                    : isAdmin
                      ? 'Choose a business'
                      : 'No business assigned'}
              {/* Wraps as a whole: at 390 px the phone was cut off mid-number. */}
              {phone ? (
                <>
                  {' '}
                  <span className="whitespace-nowrap">· {phone}</span>
                </>
              ) : null}
            </p>
          </div>
          <Button
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-md gap-5 px-4 py-5">
        {isAdmin ? (
          <div>
            <Label htmlFor="counter-location">Business at this counter</Label>
            <Select
              id="counter-location"
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                sessionStorage.setItem(ADMIN_LOCATION_KEY, event.target.value);
              }}
              className="min-h-14 text-lg"
            >
              <option value="">Choose a business…</option>
              {locations.data?.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.businessName}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {locations.error ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            Could not load the businesses: {userMessage(locations.error)}
          </p>
        ) : null}
        {!locationId ? (
          <p className="rounded-xl bg-white p-4 text-bark-700">
            {isAdmin
              ? 'Choose the business you are serving at to start scanning.'
              : 'Your staff account has no business assigned. Ask the programme operator to set one.'}
          </p>
        ) : (
          <Counter key={locationId} locationId={locationId} renderTier={renderTier} />
        )}
      </main>
    </div>
  );
}
