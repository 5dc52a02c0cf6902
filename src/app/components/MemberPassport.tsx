// The passport on the account and wallet: the six businesses (GET /api/locations) against the
// member's visited locations (GET /api/me).
import type { MeResponse } from '@contract';
import { useLocations } from '@/features/locations/api/get-locations.ts';
import { VillagePassport } from '@/features/rewards/components/VillagePassport.tsx';

export function MemberPassport(props: { me: MeResponse }) {
  const locations = useLocations();
  if (!locations.data) return null;
  return (
    <VillagePassport
      businesses={locations.data}
      visitedIds={props.me.visitedLocations.map((location) => location.id)}
    />
  );
}
