// The toast region on Radix Toast, configured as shadcn/ui does (PRODUCT §9): shown 5000 ms, swipe
// right 50 px to dismiss, F8 focuses the region; a destructive style for errors. Its own lazy
// chunk: screens mount `<Toaster />` (LazyToaster.tsx), which loads this when the browser is idle
// or a toast is raised, so Radix stays out of the first load.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from '@/lib/cn.ts';
import { dismissToast, TOAST_CONFIG, useToasts } from './toast-store.ts';

export function ToastRegion() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_CONFIG.duration}
      swipeDirection={TOAST_CONFIG.swipeDirection}
      swipeThreshold={TOAST_CONFIG.swipeThreshold}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-2xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=closed]:opacity-0 transition-opacity',
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-cream-200 bg-white text-bark-900',
          )}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {item.title ? (
              <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            ) : null}
            {item.description ? (
              <ToastPrimitive.Description className="text-sm">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 grid size-8 place-items-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[...TOAST_CONFIG.hotkey]}
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
