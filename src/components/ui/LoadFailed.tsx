// A piece of the app loaded on demand (a screen's chunk, a dialog, the camera) that could not be
// fetched — the server was down, or a deploy replaced the files while the tab was open — says so
// and offers Retry, which fetches it again. Without this a failed import left a button that
// silently did nothing.
import { Component, lazy, Suspense, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cn } from '@/lib/cn.ts';
import { takeOverFirstPaint } from '@/lib/first-paint.ts';

export function LoadFailed(props: {
  /** What could not load, as a person would say it: "This screen", "The camera". */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('grid gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900', props.className)}>
      <p className="font-display text-xl font-bold">{props.what} could not load.</p>
      <p>The connection may have dropped, or the app was just updated. Check the connection, then try again.</p>
      <Button size="lg" onClick={props.onRetry} disabled={props.retrying} className="w-full sm:w-auto">
        {props.retrying ? 'Loading…' : 'Retry'}
      </Button>
    </div>
  );
}

class LoadBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/**
 * React.lazy that can be retried: a rejected import shows LoadFailed instead of throwing, and
 * Retry imports again (React.lazy keeps a rejection for ever, so each retry is a new lazy).
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what: string,
  loading: ReactNode = null,
): ComponentType<P> {
  const make = () => lazy(async () => ({ default: await load() }));
  const first = make();
  return function RetryableLazy(props: P) {
    const [attempt, setAttempt] = useState<{ n: number; Lazy: ComponentType<P> }>({ n: 0, Lazy: first });
    const { Lazy } = attempt;
    return (
      <LoadBoundary
        key={attempt.n}
        failed={<LoadFailed what={what} onRetry={() => setAttempt({ n: attempt.n + 1, Lazy: make() })} />}
      >
        <Suspense fallback={loading}>
          <Lazy {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}

/**
 * A route's screen whose chunk failed to load: says so, and Retry imports it again. The router
 * keeps a route's failed `lazy` for ever, so the route resolves to this instead of rejecting.
 */
export function retryingScreen(load: () => Promise<ComponentType>, what = 'This screen'): ComponentType {
  let loaded: ComponentType | null = null;
  return function RetryingScreen() {
    const [state, setState] = useState<{ retrying: boolean; Screen: ComponentType | null }>({
      retrying: false,
      Screen: loaded,
    });
    // The home page's chunk failing leaves its prerendered copy up: this screen replaces it.
    useLayoutEffect(takeOverFirstPaint, []);
    if (state.Screen) return <state.Screen />;
    return (
      <main className="mx-auto grid min-h-svh max-w-xl content-center px-4 py-12">
        <LoadFailed
          what={what}
          retrying={state.retrying}
          onRetry={() => {
            setState({ retrying: true, Screen: null });
            load().then(
              (Screen) => {
                loaded = Screen;
                setState({ retrying: false, Screen });
              },
              () => setState({ retrying: false, Screen: null }),
            );
          }}
        />
      </main>
    );
  };
}
