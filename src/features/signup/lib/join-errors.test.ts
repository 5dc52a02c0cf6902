// PRODUCT §8's join failures: an existing phone is recognised on "409" or 'already exists' in the
// error text (the page then offers a sign-in code); anything else is each page's toast.
import { ApiError } from '@/lib/api-client.ts';
import { businessJoinErrorToast, generalJoinErrorToast, isExistingPhone } from './join-errors.ts';

const conflict = new ApiError(
  409,
  '{"error":{"code":"conflict","message":"An account already exists with this phone number."}}',
  'Conflict',
);
const serverError = new ApiError(500, '', 'Internal Server Error');

describe('an existing phone', () => {
  it('is recognised on a 409', () => {
    expect(isExistingPhone(conflict)).toBe(true);
  });

  it("is recognised on 'already exists' in any error's text too", () => {
    expect(isExistingPhone(new Error('customer already exists'))).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isExistingPhone(serverError)).toBe(false);
    expect(isExistingPhone(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('the other failures', () => {
  it("the general join page says 'Signup Failed'", () => {
    expect(generalJoinErrorToast()).toEqual({
      title: 'Signup Failed',
      description: 'Unable to create your account. Please try again or sign up at any participating business.',
      variant: 'destructive',
    });
  });

  it("a business join page says 'Sign Up Failed' / 'Failed to sign up. Please try again.'", () => {
    expect(businessJoinErrorToast()).toEqual({
      title: 'Sign Up Failed',
      description: 'Failed to sign up. Please try again.',
      variant: 'destructive',
    });
  });
});
