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

export const PersonName = z.string().trim().min(1, 'Name is required').max(100);

// SPEC §5: email is optional; an empty string counts as absent.
export const OptionalEmail = z
  .union([z.literal(''), z.email().max(254)])
  .optional()
  .transform((value) => (value ? value : undefined));

export const VerificationCode = z
  .string()
  .regex(/^\d{6}$/, 'Enter the 6-digit verification code')
  .describe('the 6-digit code from the SMS');

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
      'upstream_unavailable',
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
