// A member's redemption code scanned (or typed) into a kiosk's scanner input at its business
// the kiosk reads the code (who, which reward), the clerk confirms, and the reward
// is redeemed here, now, once — 'Reward Redeemed!'. Loaded on demand: it brings the contract.
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RedeemCodeResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { DonePanel } from '@/components/ui/DonePanel.tsx';
import { kioskLocationId } from '@/features/checkin/lib/kiosk-location.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';
import { checkRedemptionCode, useRedeemCode } from '@/features/staff/api/redemption-code.ts';
import { RedemptionCheck } from '@/features/staff/components/RedemptionCheck.tsx';
import { userMessage } from '@/lib/api-client.ts';

export function KioskRedemption(props: { code: string; locationId?: string; onDone: () => void }) {
  const locationId = props.locationId ?? kioskLocationId();
  const check = useQuery({
    queryKey: ['/api/rewards/redemption-code', props.code, locationId],
    queryFn: () => checkRedemptionCode({ code: props.code, locationId }),
    retry: false,
    gcTime: 0,
  });
  const redeem = useRedeemCode();
  // One key for this code's confirmation: a retry after a lost answer redeems once.
  const key = useRef(newIdempotencyKey());
  const [done, setDone] = useState<RedeemCodeResponse | null>(null);

  if (done)
    return (
      <DonePanel titleId="redeemed-title" title="Reward Redeemed!">
        <p className="mt-4 text-2xl font-semibold">{done.customerReward.reward.name}</p>
        <p className="mt-2 text-xl text-bark-700">for {done.customer.name}</p>
        <Button size="lg" className="mt-6 min-h-16 w-full text-xl" onClick={props.onDone}>
          Done
        </Button>
      </DonePanel>
    );

  const failure = check.error ?? redeem.error;
  if (failure)
    return (
      <section className="grid w-full max-w-xl gap-4 text-center">
        <p role="alert" className="text-xl font-semibold text-red-800">
          {userMessage(failure)}
        </p>
        <Button size="lg" variant="secondary" className="min-h-16 text-xl" onClick={props.onDone}>
          Back
        </Button>
      </section>
    );

  if (!check.data)
    return (
      <p role="status" className="text-xl">
        Reading the redemption code…
      </p>
    );

  return (
    <div className="w-full max-w-xl text-left">
      <RedemptionCheck
        check={check.data}
        pending={redeem.isPending}
        onConfirm={() =>
          redeem.mutate(
            { code: check.data.code, locationId, idempotencyKey: key.current },
            { onSuccess: setDone },
          )
        }
        onCancel={props.onDone}
      />
    </div>
  );
}
