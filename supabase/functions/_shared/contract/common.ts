// Shared building blocks of the contract: ids, phones, names, timestamps and the error body.
import { z } from 'zod';

export const LocationId = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/, 'Unknown location');
export const Uuid = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();

// SPEC §5, §9: a US phone of 10 digits. Formatted input ("(555) 123-4567", "+1 555 123 4567")
// is accepted and reduced to its 10 digits; letters are not.
export const Phone = z
  .string()
  .max(32)
  .transform((value) => value.replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^1?[2-9]\d{9}$/, 'Phone must be a 10-digit US number'))
  .transform((digits) => digits.slice(-10))
  .describe('10 US digits; punctuation and a leading +1 are stripped');

/**
 * Whitespace and characters that print nothing: control characters, soft hyphen, zero-width
 * and joiner characters, bidi controls, Hangul fillers, variation selectors, tags. The SQL
 * twin is private.clean_name; tests/support/name-cases.ts holds the cases both must pass.
 */
export const INVISIBLE_CHARACTERS =
  '\\s\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f' +
  '\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0' +
  '\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e0fff}';
// The class lists combining and joining characters on purpose: they are what gets trimmed.
// eslint-disable-next-line no-misleading-character-class
const EDGES = new RegExp(`^[${INVISIBLE_CHARACTERS}]+|[${INVISIBLE_CHARACTERS}]+$`, 'gu');
// eslint-disable-next-line no-misleading-character-class
const VISIBLE = new RegExp(`[^${INVISIBLE_CHARACTERS}]`, 'u');

/** NFC, without invisible characters at either end; '' when nothing visible is left. */
export function cleanName(value: string): string {
  const trimmed = value.normalize('NFC').replace(EDGES, '');
  return VISIBLE.test(trimmed) ? trimmed : '';
}

/**
 * Text a person reads back (a name, the reason of a void or an adjustment): cleaned as
 * cleanName, then at least one visible character and at most `max`. The SQL twin is
 * private.clean_text, whose words these are.
 */
export const visibleText = (label: string, max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(cleanName)
    .pipe(z.string().min(1, `${label} needs at least one visible character`).max(max, `${label} is at most ${max} characters`))
    .describe('NFC-normalised; whitespace and invisible characters at either end are dropped; at least one visible character');

export const PersonName = visibleText('Name', 100);

// SPEC §5: email is optional; an empty string counts as absent.
export const OptionalEmail = z
  .union([z.literal(''), z.email().max(254)])
  .optional()
  .transform((value) => (value ? value : undefined));

export const VerificationCode = z
  .string()
  .regex(/^\d{6}$/, 'Enter the 6-digit verification code')
  .describe('the 6-digit code from the SMS');

/** Optional header of approve and redeem: a retried request with the same key answers the first result. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key is 8 to 128 visible ASCII characters')
  .describe('8–128 visible ASCII characters, e.g. a UUID made once per user action and reused on retries');
export const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });

/** A request that takes no query parameters. */
export const EmptyQuery = z.strictObject({});

export const RewardScope = z.enum(['location', 'network']);
export const TierName = z.enum(['Bronze', 'Silver', 'Gold']);

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum([
      'invalid_input',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'gone',
      'payload_too_large',
      'rate_limited',
      'unprocessable',
      'upstream_unavailable',
      'unavailable',
      'internal',
    ]),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ErrorCode = ErrorBody['error']['code'];

/** GET /api/openapi.json: an OpenAPI 3.1 document. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
