// The API takes 10 digits (PRODUCT §5); Supabase Auth and the sign-in code limits use E.164.
export const e164 = (digits: string) => `+1${digits}`;
