// The SMS consent of the sign-up forms. The checkbox keeps SPEC §2's wording; beside it we say who
// texts and how to stop (TCPA practice). The exact wording shown is what the API stores with the
// opt-in, so it is declared once here.
export const SMS_CONSENT_WORDING =
  'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.';

export const SMS_CONSENT_NOTICE =
  'Texts come from Village Rewards on behalf of the six participating businesses. ' +
  'Reply STOP to opt out or HELP for help. Consent is optional and not a condition of joining.';
