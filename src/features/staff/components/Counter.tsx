// The counter at one business: scan (camera, USB scanner or typed) a member card or check-in code
// to approve a visit here, or a member's redemption code to redeem their reward here (issue 20);
// a typed name or phone number finds the member when their phone is flat (issue 20 §5) — for a
// visit only: redeeming needs the member's code or their card or phone scanned here.
// Every scan is a new attempt with a new Idempotency-Key; only a retry of a request whose answer
// never came reuses its key. The code field has the focus on load and after every result.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type {
  ApproveVisitResponse,
  CheckRedemptionCodeResponse,
  CounterSearchResponse,
  RedeemableRewardsResponse,
} from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useApproveScan } from '../api/approve-scan.ts';
import { useScanCard } from '../api/scan-card.ts';
import { useCheckRedemptionCode, useRedeemCode } from '../api/redemption-code.ts';
import { useSearchMembers } from '../api/search-members.ts';
import { Attempts, answerNeverCame } from '../lib/attempts.ts';
import { scanError } from '../lib/scan-errors.ts';
import { NOT_A_CODE, scanKind } from '../lib/scan-kind.ts';
import { ApprovalResult } from './ApprovalResult.tsx';
import { ChosenMember, MemberMatches, type FoundMember } from './MemberSearch.tsx';
import { RedeemableList } from './RedeemableList.tsx';
import { RedemptionCheck } from './RedemptionCheck.tsx';
import { ScanInput } from './ScanInput.tsx';

const CameraScanner = lazy(() =>
  import('./CameraScanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

interface Failure {
  title: string;
  message: string;
  /** Set when the answer never came: the same request again, with the same key. */
  retry?: () => void;
}

export function Counter(props: {
  locationId: string;
  renderTier: (totalPoints: number) => ReactNode;
}) {
  const approve = useApproveScan();
  const checkCode = useCheckRedemptionCode();
  const redeemCode = useRedeemCode();
  const scanCard = useScanCard();
  const searchMembers = useSearchMembers();
  const [matches, setMatches] = useState<{ query: string; found: CounterSearchResponse } | null>(null);
  const [chosen, setChosen] = useState<FoundMember | null>(null);
  const [tooSoon, setTooSoon] = useState<RedeemableRewardsResponse | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const attempts = useRef(new Attempts());
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<ApproveVisitResponse | null>(null);
  const [check, setCheck] = useState<CheckRedemptionCodeResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [redeemed, setRedeemed] = useState<ReadonlySet<string>>(new Set());
  const pending =
    approve.isPending || checkCode.isPending || redeemCode.isPending || searchMembers.isPending;
  const focusInput = () => setTimeout(() => input.current?.focus(), 0);

  const clear = () => {
    setResult(null);
    setCheck(null);
    setFailure(null);
    setTooSoon(null);
    setMatches(null);
    setChosen(null);
  };
  const fail = (error: unknown, retry: () => void, malformed = false) => {
    const shown = scanError(error);
    setFailure({
      ...shown,
      // A code the API cannot read is said the counter's way, never as "Invalid body".
      message: malformed ? NOT_A_CODE : shown.message,
      retry: answerNeverCame(error) ? retry : undefined,
    });
  };

  const approveValue = (value: string) => {
    const request = `approve ${value}`;
    const key = attempts.current.keyFor(request);
    approve.mutate(
      { token: value, locationId: props.locationId, idempotencyKey: key },
      {
        onSuccess: (approved) => {
          attempts.current.settle(request);
          setResult(approved);
          setRedeemed(new Set());
          setCamera(false);
        },
        onError: (error) => {
          attempts.current.settle(request, error);
          // Answered either way: the camera closes, so a code still in view is not read in a loop.
          setCamera(false);
          fail(error, () => approveValue(value), error instanceof ApiError && error.status === 400);
          // Too soon for a visit is not too soon for a reward: the card scan is recorded (the
          // member is here) and what can be redeemed here is listed.
          if (value.startsWith('customer:') && error instanceof ApiError && error.status === 429) {
            setRedeemed(new Set());
            scanCard.mutate({ token: value, locationId: props.locationId }, { onSuccess: setTooSoon });
          }
        },
        onSettled: focusInput,
      },
    );
  };

  const readCode = (code: string) => {
    checkCode.mutate(
      { code, locationId: props.locationId },
      {
        onSuccess: (checked) => {
          setCheck(checked);
          setCamera(false);
        },
        onError: (error) => {
          setCamera(false);
          fail(error, () => readCode(code));
        },
        onSettled: focusInput,
      },
    );
  };

  const confirmCode = (checked: CheckRedemptionCodeResponse) => {
    const request = `redeem ${checked.code}`;
    const key = attempts.current.keyFor(request);
    setFailure(null);
    redeemCode.mutate(
      { code: checked.code, locationId: props.locationId, idempotencyKey: key },
      {
        onSuccess: (done) => {
          attempts.current.settle(request);
          setCheck(null);
          toast({
            title: 'Reward Redeemed!',
            description: `${done.customerReward.reward.name} for ${done.customer.name}.`,
          });
        },
        onError: (error) => {
          attempts.current.settle(request, error);
          fail(error, () => confirmCode(checked));
        },
        onSettled: focusInput,
      },
    );
  };

  // One member found (or chosen from the list): the visit waits for the clerk's press
  // (ChosenMember); redeeming waits for the member's code or card.
  const choose = (member: FoundMember) => {
    setMatches(null);
    setChosen(member);
    setRedeemed(new Set());
    // The chosen row's button is gone: the code field takes the focus back.
    focusInput();
  };

  const search = (query: string) => {
    searchMembers.mutate(query, {
      onSuccess: (found) => {
        if (found.customers.length === 0) {
          setFailure({
            title: 'No member found',
            message: `Nobody matches “${query}”. Check the spelling, or try the phone number.`,
          });
        } else if (found.customers.length === 1) {
          choose(found.customers[0]!);
        } else {
          setMatches({ query, found });
        }
      },
      onError: (error) => fail(error, () => search(query)),
      onSettled: focusInput,
    });
  };

  const scan = (value: string) => {
    if (pending) return;
    clear();
    const kind = scanKind(value);
    if (kind === 'other') {
      setFailure({ title: 'Not a member code', message: NOT_A_CODE });
      focusInput();
    } else if (kind === 'redemption') {
      readCode(value.trim());
    } else if (kind === 'search') {
      search(value.trim());
    } else {
      approveValue(value.trim());
    }
  };

  return (
    <div className="grid gap-5">
      <Card className="grid gap-4 p-5">
        <ScanInput ref={input} onScan={scan} pending={pending} autoFocus />
        {camera ? (
          <Suspense fallback={<p role="status">Starting the camera…</p>}>
            <CameraScanner onScan={scan} onClose={() => setCamera(false)} />
          </Suspense>
        ) : (
          <Button size="lg" variant="secondary" className="w-full" onClick={() => setCamera(true)}>
            Scan with camera
          </Button>
        )}
      </Card>
      {failure ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
          <h2 className="font-display text-xl font-bold">{failure.title}</h2>
          <p className="mt-1">{failure.message}</p>
          {failure.retry ? (
            <Button size="lg" className="mt-3 w-full" onClick={failure.retry} disabled={pending}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {tooSoon ? (
        <Card role="region" aria-label={`Rewards of ${tooSoon.customer.name}`} className="grid gap-3 p-5">
          <p className="text-xl font-semibold text-bark-900">{tooSoon.customer.name}</p>
          <RedeemableList
            rewards={tooSoon.redeemableRewards}
            customerName={tooSoon.customer.name}
            locationId={props.locationId}
            redeemed={redeemed}
            onRedeemed={(id) => {
              setRedeemed((done) => new Set(done).add(id));
              focusInput();
            }}
          />
        </Card>
      ) : null}
      {matches ? <MemberMatches query={matches.query} found={matches.found} onChoose={choose} /> : null}
      {chosen ? (
        <ChosenMember
          member={chosen}
          onApprove={() => {
            const lookup = `lookup:${chosen.lookupId}`;
            clear();
            approveValue(lookup);
          }}
          pending={pending}
          renderTier={props.renderTier}
        />
      ) : null}
      {check ? (
        <RedemptionCheck
          check={check}
          pending={redeemCode.isPending}
          onConfirm={() => confirmCode(check)}
          onCancel={() => {
            setCheck(null);
            focusInput();
          }}
        />
      ) : null}
      {result ? (
        <ApprovalResult
          result={result}
          locationId={props.locationId}
          redeemed={redeemed}
          onRedeemed={(id) => {
            setRedeemed((done) => new Set(done).add(id));
            focusInput();
          }}
          renderTier={props.renderTier}
        />
      ) : null}
      {result || failure || matches || chosen ? (
        <Button
          variant="ghost"
          size="lg"
          className="w-full"
          onClick={() => {
            clear();
            input.current?.focus();
          }}
        >
          Next customer
        </Button>
      ) : null}
    </div>
  );
}
