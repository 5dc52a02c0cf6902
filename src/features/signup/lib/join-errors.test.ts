// SPEC §8: each join page's error toasts, matched on "409" or 'already exists' in the error text.
import { ApiError } from '@/lib/api-client.ts';
import { businessJoinErrorToast, generalJoinErrorToast } from './join-errors.ts';

const conflict = new ApiError(
  409,
  '{"error":{"code":"conflict","message":"An account already exists with this phone number."}}',
  'Conflict',
);
const serverError = new ApiError(500, '', 'Internal Server Error');

describe('the general join page', () => {
  it("says 'Account Already Exists' on a 409", () => {
    expect(generalJoinErrorToast(conflict)).toEqual({
      title: 'Account Already Exists',
      description:
        "It looks like you're already a member! Visit any participating business to check in and earn points.",
      variant: 'destructive',
    });
  });

  it("matches 'already exists' in any error's text too", () => {
    expect(generalJoinErrorToast(new Error('customer already exists')).title).toBe(
      'Account Already Exists',
    );
  });

  it("says 'Signup Failed' otherwise", () => {
    expect(generalJoinErrorToast(serverError)).toEqual({
      title: 'Signup Failed',
      description:
        'Unable to create your account. Please try again or sign up at any participating business.',
      variant: 'destructive',
    });
  });
});

describe('a business join page', () => {
  it("says 'Sign Up Failed' with the Sign In advice on a 409", () => {
    expect(businessJoinErrorToast(conflict)).toEqual({
      title: 'Sign Up Failed',
      description:
        'An account already exists with this phone number. Please use the Sign In option instead.',
      variant: 'destructive',
    });
  });

  it("says 'Sign Up Failed' / 'Failed to sign up. Please try again.' otherwise", () => {
    expect(businessJoinErrorToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Sign Up Failed',
      description: 'Failed to sign up. Please try again.',
      variant: 'destructive',
    });
  });
});
