// The kiosk's idle reset: after `idleMs` without a touch or key it asks "Still there?" for
// `promptMs` (≥ 20 s, WCAG 2.2.1), then `onReset` clears the visitor and returns to the landing.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogContent } from '@/components/ui/Dialog.tsx';
import type { IdleTimings } from '../lib/kiosk-timings.ts';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

export function IdleReset(props: { timings: IdleTimings; onReset: () => void }) {
  const { idleMs, promptMs } = props.timings;
  const [promptSince, setPromptSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const onReset = useRef(props.onReset);
  useEffect(() => {
    onReset.current = props.onReset;
  });

  // Idle: any touch or key restarts the wait; the prompt opens when it runs out.
  useEffect(() => {
    if (promptSince !== null) return;
    const open = () => {
      const at = Date.now();
      setNow(at);
      setPromptSince(at);
    };
    let timer = window.setTimeout(open, idleMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(open, idleMs);
    };
    for (const type of ACTIVITY) window.addEventListener(type, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart);
    };
  }, [idleMs, promptSince]);

  // Prompting: a countdown, then the reset.
  useEffect(() => {
    if (promptSince === null) return;
    const reset = window.setTimeout(() => {
      setPromptSince(null);
      onReset.current();
    }, promptMs);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearTimeout(reset);
      window.clearInterval(tick);
    };
  }, [promptMs, promptSince]);

  const secondsLeft =
    promptSince === null ? 0 : Math.max(0, Math.ceil((promptSince + promptMs - now) / 1000));
  return (
    <Dialog open={promptSince !== null} onOpenChange={(open) => !open && setPromptSince(null)}>
      <DialogContent
        title="Still there?"
        description={`For your privacy this screen starts over in ${secondsLeft} ${
          secondsLeft === 1 ? 'second' : 'seconds'
        }.`}
        className="max-w-xl p-10 text-center text-xl [&_h2]:text-4xl"
      >
        <Button size="lg" className="mt-4 min-h-20 w-full text-2xl" onClick={() => setPromptSince(null)}>
          I'm still here
        </Button>
      </DialogContent>
    </Dialog>
  );
}
