// The mobile sign-up data kept between the phone screen and the code screen (PRODUCT §3:
// signup_data = phone, name, email, smsConsent, and a neighbour's invitation code) and the login
// phone (login_phone).
import { readSessionJson, SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';

export interface SignupData {
  phone: string;
  name: string;
  email?: string;
  smsConsent: boolean;
  referralCode?: string;
}

function asSignupData(value: unknown): SignupData | null {
  if (!value || typeof value !== 'object') return null;
  const data = value as Record<string, unknown>;
  if (typeof data.phone !== 'string' || !data.phone) return null;
  return {
    phone: data.phone,
    name: typeof data.name === 'string' ? data.name : '',
    email: typeof data.email === 'string' && data.email ? data.email : undefined,
    smsConsent: data.smsConsent === true,
    referralCode: typeof data.referralCode === 'string' && data.referralCode ? data.referralCode : undefined,
  };
}

export function readSignupData(): SignupData | null {
  return readSessionJson(SESSION_KEYS.signupData, asSignupData);
}

export function saveSignupData(data: SignupData): void {
  writeSession(SESSION_KEYS.signupData, JSON.stringify(data));
}

/** PRODUCT §5: the name defaults to a generic 'Mobile User' when missing. */
export const DEFAULT_MOBILE_NAME = 'Mobile User';
