// The toast queue, as shadcn/ui's use-toast keeps it (PRODUCT §9: one toast at a time; a dismissed
// toast is removed 1,000,000 ms later so Radix can play its exit). `toast()` works anywhere.
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

/** The region's settings (Toaster.tsx): shown 5000 ms, swipe right 50 px, F8 focuses it. */
export const TOAST_CONFIG = {
  duration: 5000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
} as const;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; the Toaster's default (5000) when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let count = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  emit(
    toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)),
  );
}

/** Closes the destructive toasts: an error belongs to the screen (or attempt) that raised it. */
export function dismissErrorToasts() {
  for (const item of toasts) if (item.variant === 'destructive' && item.open) dismissToast(item.id);
}

/** Shows a toast (replacing the one shown: the limit is 1). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
