// The counter at one business: scan (camera, USB scanner or typed), approve the visit once
// (one Idempotency-Key per scanned code), show the result or the error in plain words.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ApproveVisitResponse } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { useApproveScan } from '../api/approve-scan.ts';
import { newIdempotencyKey, scanError } from '../lib/scan-errors.ts';
import { ApprovalResult } from './ApprovalResult.tsx';
import { ScanInput } from './ScanInput.tsx';

const CameraScanner = lazy(() =>
  import('./CameraScanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

export function Counter(props: {
  locationId: string;
  renderTier: (totalPoints: number) => ReactNode;
}) {
  const approve = useApproveScan();
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef(new Map<string, string>());
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<ApproveVisitResponse | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [redeemed, setRedeemed] = useState<ReadonlySet<string>>(new Set());

  const scan = (value: string) => {
    if (approve.isPending) return;
    // The same code scanned twice reuses its key: the API answers the first approval again.
    let key = keys.current.get(value);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(value, key);
    }
    setFailure(null);
    approve.mutate(
      { token: value, locationId: props.locationId, idempotencyKey: key },
      {
        onSuccess: (approved) => {
          setResult(approved);
          setRedeemed(new Set());
          setCamera(false);
        },
        onError: (error) => {
          setResult(null);
          setFailure(scanError(error));
        },
        onSettled: () => input.current?.focus(),
      },
    );
  };

  return (
    <div className="grid gap-5">
      <Card className="grid gap-4 p-5">
        {camera ? (
          <Suspense fallback={<p role="status">Starting the camera…</p>}>
            <CameraScanner onScan={scan} onClose={() => setCamera(false)} />
          </Suspense>
        ) : (
          <Button size="lg" variant="secondary" className="w-full" onClick={() => setCamera(true)}>
            Scan with camera
          </Button>
        )}
        <ScanInput ref={input} onScan={scan} pending={approve.isPending} />
      </Card>
      {failure ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
          <h2 className="font-display text-xl font-bold">{failure.title}</h2>
          <p className="mt-1">{failure.message}</p>
        </div>
      ) : null}
      {result ? (
        <ApprovalResult
          result={result}
          locationId={props.locationId}
          redeemed={redeemed}
          onRedeemed={(id) => setRedeemed((done) => new Set(done).add(id))}
          renderTier={props.renderTier}
        />
      ) : null}
      {result || failure ? (
        <Button
          variant="ghost"
          size="lg"
          className="w-full"
          onClick={() => {
            setResult(null);
            setFailure(null);
            input.current?.focus();
          }}
        >
          Next customer
        </Button>
      ) : null}
    </div>
  );
}
