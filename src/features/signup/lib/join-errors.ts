// The error toasts of the join pages (SPEC §8), matched as the spec does: on the error text
// "<status>: <body>" containing 409 or 'already exists'. The two pages word a 409 differently.
import type { ToastInput } from '@/components/ui/toast.ts';

function alreadyExists(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return text.includes('409') || text.includes('already exists');
}

/** /join (general). */
export function generalJoinErrorToast(error: unknown): ToastInput {
  return alreadyExists(error)
    ? {
        title: 'Account Already Exists',
        description:
          "It looks like you're already a member! Visit any participating business to check in and earn points.",
        variant: 'destructive',
      }
    : {
        title: 'Signup Failed',
        description:
          'Unable to create your account. Please try again or sign up at any participating business.',
        variant: 'destructive',
      };
}

/** /business/{id}/join. */
export function businessJoinErrorToast(error: unknown): ToastInput {
  return {
    title: 'Sign Up Failed',
    description: alreadyExists(error)
      ? 'An account already exists with this phone number. Please use the Sign In option instead.'
      : 'Failed to sign up. Please try again.',
    variant: 'destructive',
  };
}
