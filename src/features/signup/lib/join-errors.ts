// The join pages' failures (PRODUCT §8). A phone that cannot start a new membership (the API's 409,
// matched as the spec does on "409" or 'already exists' in the error text) is not a toast: the
// page offers to text that phone a sign-in code instead, without saying whose number it is.
import type { ToastInput } from '@/components/ui/toast.ts';

export function isExistingPhone(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return text.includes('409') || text.includes('already exists');
}

/** /join (general): any failure but an existing phone. */
export function generalJoinErrorToast(): ToastInput {
  return {
    title: 'Signup Failed',
    description: 'Unable to create your account. Please try again or sign up at any participating business.',
    variant: 'destructive',
  };
}

/** /business/{id}/join: any failure but an existing phone. */
export function businessJoinErrorToast(): ToastInput {
  return { title: 'Sign Up Failed', description: 'Failed to sign up. Please try again.', variant: 'destructive' };
}
