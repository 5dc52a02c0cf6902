// One business's kiosk devices, each revocable (a lost or stolen tablet) after a confirmation.
import { Button } from '@/components/ui/Button.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useKiosks } from '../api/get-kiosks.ts';
import { useNameKiosk, useRevokeKiosk } from '../api/revoke-kiosk.ts';
import { ConfirmDialog } from '@/components/ui/FormDialog.tsx';
import { DeviceName } from './DeviceName.tsx';
import { QueryView } from './QueryState.tsx';

export function KioskList(props: {
  locationId: string;
  businessName: string;
  /** Admins revoke kiosks; a business owner's view only lists them. */
  canRevoke?: boolean;
}) {
  const query = useKiosks(props.locationId);
  const revoke = useRevokeKiosk();
  const name = useNameKiosk();
  return (
    <QueryView
      query={query}
      emptyText="No kiosks have opened a session at this business yet"
      what="the kiosks"
    >
      <ul className="grid gap-2 text-sm">
        {query.data?.map((kiosk) => (
          <li
            key={kiosk.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cream-200 p-3"
          >
            <div className="grid gap-1">
              <DeviceName
                name={kiosk.name}
                what="kiosk"
                fallback="Unnamed kiosk"
                canRename={props.canRevoke !== false}
                saving={name.isPending}
                save={(text, callbacks) => name.mutate({ kioskId: kiosk.id, name: text }, callbacks)}
              />
              <p className="text-bark-700">
                {kiosk.enrolled ? 'Enrolled' : 'Not enrolled'} · {kiosk.signedIn ? 'signed in' : 'signed out'} · last
                seen {new Date(kiosk.lastSeenAt).toLocaleString()}
              </p>
              {/* The browser string stays available to tell two unnamed tablets apart, never as the name. */}
              {kiosk.deviceFingerprint && !kiosk.name ? (
                <p className="text-xs text-bark-700" title={kiosk.deviceFingerprint}>
                  Device: {kiosk.deviceFingerprint.slice(0, 60)}
                </p>
              ) : null}
            </div>
            {kiosk.signedIn && props.canRevoke !== false ? (
              <ConfirmDialog
                trigger={<Button variant="destructive">Revoke</Button>}
                title="Revoke this kiosk?"
                description={`The device at ${props.businessName} is signed out at once and must be enrolled again to check members in.`}
                confirmLabel="Revoke kiosk"
                pending={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(kiosk.id, {
                    onSuccess: () => {
                      toast({
                        title: 'Kiosk revoked',
                        description: `The kiosk at ${props.businessName} is signed out.`,
                      });
                      void query.refetch();
                    },
                    onError: (error) =>
                      toast({
                        title: 'Error',
                        description: userMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
    </QueryView>
  );
}
