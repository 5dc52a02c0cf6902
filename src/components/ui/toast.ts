// The toast API screens use: `toast({ title, description, variant })` and the `<Toaster />` region.
export {
  toast,
  dismissToast,
  dismissErrorToasts,
  TOAST_CONFIG,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToastInput,
  type ToastVariant,
} from './toast-store.ts';
export { Toaster } from './LazyToaster.tsx';
