// The sign-up form's fields as the contract's request schema checks them, with the optional
// invitation code. Loaded when the form first checks (SignupForm.tsx), not with its screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCustomerRequest } from '@contract';
import { z } from 'zod';

export const SignupFields = CreateCustomerRequest.pick({
  name: true,
  phone: true,
  email: true,
  smsConsent: true,
}).extend({
  // Any text: a code that is not one never stops the sign-up (see SignupForm.tsx).
  referralCode: z.string().optional(),
});

export const signupResolver = zodResolver(SignupFields);
