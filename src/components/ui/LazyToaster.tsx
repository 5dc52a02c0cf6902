// `<Toaster />`, mounted once in RootLayout: the Radix toast region (Toaster.tsx) is a lazy chunk,
// fetched when the browser is first idle, or at once when a toast is raised before that (the
// store keeps it, so nothing is lost). A first visit to `/` does not download Radix Toast.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-store.ts';

const ToastRegion = lazy(() => import('./Toaster.tsx').then((m) => ({ default: m.ToastRegion })));

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

export function Toaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
