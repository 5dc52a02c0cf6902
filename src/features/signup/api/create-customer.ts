// POST /api/customers: sign up a customer (general join, business join, kiosk). PRODUCT §7: email is
// omitted when empty; emailConsent is always false from these screens. An SMS opt-in carries the
// wording the form showed, which the API stores with the consent.
import { useMutation } from '@tanstack/react-query';
import type { CreateCustomerRequest, CreateCustomerResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { SMS_CONSENT_WORDING } from '../consent.ts';

export function createCustomer(input: CreateCustomerRequest): Promise<CreateCustomerResponse> {
  const { email, ...rest } = input;
  const withConsent = rest.smsConsent ? ({ ...rest, smsConsentWording: SMS_CONSENT_WORDING } as const) : rest;
  const payload = email ? { ...withConsent, email } : withConsent;
  return callEndpoint(endpoints.createCustomer, { body: payload });
}

export function useCreateCustomer() {
  // A new customer changes no cached query of this browser (the admin lists refetch on their own).
  return useMutation({ mutationFn: createCustomer });
}
