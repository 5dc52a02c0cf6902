// The kiosk's idle reset as the app mounts it: on every screen it covers (the kiosk
// flow, and on a kiosk device every other screen but the landings) it asks "Still there?", then
// forgets the visitor, ends any member session opened on this device (server revoke, local
// sign-out, every cached answer dropped) and returns to the kiosk's landing screen.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IdleReset } from '@/features/checkin/components/IdleReset.tsx';
import { idleTimings } from '@/features/checkin/lib/kiosk-timings.ts';
import { logout } from '@/features/session/api/logout.ts';
import { supabase } from '@/lib/supabase.ts';
import { clearVisitor } from '@/lib/session-keys.ts';
import { kioskLandingPath } from '@/app/kiosk-device.ts';

/** Ends a member (or staff/admin) session on this device; the kiosk's anonymous one stays. */
async function endMemberSession(): Promise<boolean> {
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user || user.is_anonymous) return false;
  await logout();
  return true;
}

export function KioskIdle() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [timings] = useState(() => idleTimings());
  const reset = async () => {
    clearVisitor();
    // The landing opens a new anonymous kiosk session once the member's is gone.
    if (await endMemberSession()) queryClient.clear();
    else {
      queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/me') });
      // The landing checks its session again: a kiosk revoked meanwhile shows the enrolment form.
      void queryClient.invalidateQueries({ queryKey: ['/api/kiosk/session'] });
    }
    void navigate(kioskLandingPath(), { replace: true });
  };
  return <IdleReset timings={timings} onReset={() => void reset()} />;
}
