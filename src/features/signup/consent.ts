// The SMS consent of the sign-up forms. The checkbox keeps PRODUCT §2's wording; beside it we say who
// texts and how to stop (TCPA practice). The wording lives once, in the API contract, because the
// API stores exactly the text shown with each opt-in.
import {
  SMS_CONSENT_NOTICE as WHO_TEXTS_AND_HOW_TO_STOP,
  SMS_CONSENT_TEXT,
} from '../../../supabase/functions/_shared/contract/constants.ts';

export const SMS_CONSENT_WORDING = SMS_CONSENT_TEXT;

export const SMS_CONSENT_NOTICE = `${WHO_TEXTS_AND_HOW_TO_STOP} Consent is optional and not a condition of joining.`;
