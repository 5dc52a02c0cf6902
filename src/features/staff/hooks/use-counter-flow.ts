// The counter's flow at one business, apart from how it looks: what a scan, a search, a member's
// redemption code or a Redeem press leads to, and what the screen shows until the clerk moves on
// ("Next customer" or the next scan). Every scan is a new attempt with a new Idempotency-Key; only
// a retry of a request whose answer never came reuses its key. The code field has the focus on
// load and after every result.
import { useRef, useState, type RefObject } from 'react';
import type {
  ApproveVisitResponse,
  CheckRedemptionCodeResponse,
  CounterSearchResponse,
  RedeemableRewardsResponse,
} from '@contract';
import { ApiError } from '@/lib/api-client.ts';
import { useApproveScan } from '../api/approve-scan.ts';
import { useCheckRedemptionCode, useRedeemCode } from '../api/redemption-code.ts';
import { useScanCard } from '../api/scan-card.ts';
import { useSearchMembers } from '../api/search-members.ts';
import type { FoundMember } from '../components/MemberSearch.tsx';
import { Attempts, answerNeverCame } from '../lib/attempts.ts';
import { scanError } from '../lib/scan-errors.ts';
import { NOT_A_CODE, scanKind } from '../lib/scan-kind.ts';

export interface CounterFailure {
  title: string;
  message: string;
  /** Set when the answer never came: the same request again, with the same key. */
  retry?: () => void;
}

/** A reward redeemed at this counter for the member being served: stays on screen until the next. */
export interface CounterRedemption {
  id: string;
  rewardName: string;
  customerName: string;
}

/** `input`: the code field, which takes the focus back after every result. */
export function useCounterFlow(locationId: string, input: RefObject<HTMLInputElement | null>) {
  const approve = useApproveScan();
  const checkCode = useCheckRedemptionCode();
  const redeemCode = useRedeemCode();
  const scanCard = useScanCard();
  const searchMembers = useSearchMembers();
  const attempts = useRef(new Attempts());
  const [matches, setMatches] = useState<{ query: string; found: CounterSearchResponse } | null>(null);
  const [chosen, setChosen] = useState<FoundMember | null>(null);
  const [tooSoon, setTooSoon] = useState<RedeemableRewardsResponse | null>(null);
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<ApproveVisitResponse | null>(null);
  const [check, setCheck] = useState<CheckRedemptionCodeResponse | null>(null);
  const [failure, setFailure] = useState<CounterFailure | null>(null);
  const [redemptions, setRedemptions] = useState<readonly CounterRedemption[]>([]);
  const redeemed = new Set(redemptions.map((done) => done.id));
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
    setRedemptions([]);
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
  const noteRedeemed = (done: CounterRedemption) => {
    setRedemptions((list) => (list.some((d) => d.id === done.id) ? list : [...list, done]));
    focusInput();
  };

  const approveValue = (value: string) => {
    const request = `approve ${value}`;
    const key = attempts.current.keyFor(request);
    approve.mutate(
      { token: value, locationId, idempotencyKey: key },
      {
        onSuccess: (approved) => {
          attempts.current.settle(request);
          setResult(approved);
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
            scanCard.mutate({ token: value, locationId }, { onSuccess: setTooSoon });
          }
        },
        onSettled: focusInput,
      },
    );
  };

  const readCode = (code: string) => {
    checkCode.mutate(
      { code, locationId },
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
      { code: checked.code, locationId, idempotencyKey: key },
      {
        onSuccess: (done) => {
          attempts.current.settle(request);
          setCheck(null);
          noteRedeemed({
            id: done.customerReward.id,
            rewardName: done.customerReward.reward.name,
            customerName: done.customer.name,
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

  // One member found (or chosen from the list): the visit waits for the clerk's press;
  // redeeming waits for the member's code or card.
  const choose = (member: FoundMember) => {
    setMatches(null);
    setChosen(member);
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

  const servedName = result?.customer.name ?? tooSoon?.customer.name ?? '';

  return {
    pending,
    redeemPending: redeemCode.isPending,
    camera,
    openCamera: () => setCamera(true),
    closeCamera: () => setCamera(false),
    result,
    check,
    failure,
    tooSoon,
    matches,
    chosen,
    redeemed,
    redemptions,
    /** The clerk has something on screen to move on from. */
    serving: Boolean(result || failure || matches || chosen || tooSoon || redemptions.length > 0),
    scan,
    choose,
    approveChosen: () => {
      if (!chosen) return;
      const lookup = `lookup:${chosen.lookupId}`;
      clear();
      approveValue(lookup);
    },
    confirmCheck: () => {
      if (check) confirmCode(check);
    },
    cancelCheck: () => {
      setCheck(null);
      focusInput();
    },
    /** A reward redeemed from a list (RedeemButton) for the member on screen. */
    rewardRedeemed: (customerRewardId: string, rewardName: string) =>
      noteRedeemed({ id: customerRewardId, rewardName, customerName: servedName }),
    next: () => {
      clear();
      input.current?.focus();
    },
  };
}
