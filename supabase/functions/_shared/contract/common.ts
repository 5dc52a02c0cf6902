// Shared building blocks of the contract: ids, phones, names, timestamps and the error body.
import { z } from 'zod';

export const LocationId = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/, 'Unknown location');
export const Uuid = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();

// PRODUCT §5, §9: a US phone of 10 digits. Formatted input ("(555) 123-4567", "+1 555 123 4567")
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
 * Characters no stored text may hold inside it (the ends are trimmed above): they print nothing
 * or move what is around them, so a text could read otherwise than it is — "Reply STOP to opt
 * out." shown reversed by U+202E, a fake line after a carriage return, a name hiding a
 * terminal's escape. C0 and C1 controls (a line feed only where a text has lines), bidi
 * embeddings, overrides and isolates, zero-width space, word joiner and invisible operators,
 * byte order mark, soft hyphen, combining grapheme joiner, Hangul fillers, Mongolian vowel
 * separator, line and paragraph separators, tag characters. Kept: zero-width (non-)joiners and
 * variation selectors (emoji sequences and several scripts need them) and the direction marks
 * LRM, RLM and ALM (they set the side of neighbouring punctuation, never reverse a word). The
 * SQL twin is private.refuse_hidden_characters; tests/support/name-cases.ts drives both.
 */
const HIDDEN_INSIDE =
  '\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u115f\\u1160\\u180e\\u200b\\u2028-\\u202e' +
  '\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufeff\\uffa0\\u{e0000}-\\u{e007f}';
// The classes list joining and combining characters on purpose: they are what is looked for.
// eslint-disable-next-line no-misleading-character-class
const HIDDEN_IN_LINES = new RegExp(`[${HIDDEN_INSIDE}]`, 'u');
// eslint-disable-next-line no-misleading-character-class
const HIDDEN_IN_ONE_LINE = new RegExp(`[${HIDDEN_INSIDE}\\n]`, 'u');

/** The refusal of a text holding `character`, in the SQL twin's words. */
export function hiddenCharacterMessage(label: string, character: string): string {
  const code = character.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const what = code < 0x20 || (code >= 0x7f && code <= 0x9f) ? 'a control character' : 'an invisible or text-direction character';
  return `${label} has ${what} (U+${hex}); remove it`;
}

/** The first character `value` may not hold inside, or undefined. `lines`: line feeds are text. */
export function hiddenCharacter(value: string, lines = false): string | undefined {
  return (lines ? HIDDEN_IN_LINES : HIDDEN_IN_ONE_LINE).exec(value)?.[0];
}

export interface TextOptions {
  /** The text may have several lines (line feeds inside; a carriage return is still refused). */
  lines?: boolean;
  /** The words for nothing visible given (default: "<label> needs at least one visible character"). */
  empty?: string;
  /** The words for too long (default: "<label> is at most <max> characters"). */
  tooLong?: string;
}

const refuseHidden = (label: string, lines: boolean) => (value: string, ctx: z.RefinementCtx) => {
  const character = hiddenCharacter(value, lines);
  if (character) ctx.addIssue({ code: 'custom', message: hiddenCharacterMessage(label, character) });
};

/**
 * The one rule for text a person writes and another reads (names, reasons, campaign messages,
 * the catalogue's and the site's wording): cleaned as cleanName, nothing hidden inside
 * (hiddenCharacter: a 400 naming the field and the character), at least one visible character
 * and at most `max`. The SQL twin is private.clean_text, whose words these are.
 */
export const visibleText = (label: string, max: number, options: TextOptions = {}) =>
  z
    .string()
    .max(max * 4)
    .transform(cleanName)
    .pipe(
      z
        .string()
        .min(1, options.empty ?? `${label} needs at least one visible character`)
        .max(max, options.tooLong ?? `${label} is at most ${max} characters`)
        .superRefine(refuseHidden(label, options.lines ?? false)),
    )
    .describe(
      `NFC-normalised; whitespace and invisible characters at either end are dropped; no control, bidi or zero-width character inside${options.lines ? ' (line feeds allowed)' : ''}; at least one visible character`,
    );

/** The same rule for text that may be left empty ('' when nothing visible is given). */
export const optionalText = (label: string, max: number, options: TextOptions = {}) =>
  z
    .string()
    .max(max * 4)
    .transform(cleanName)
    .pipe(
      z
        .string()
        .max(max, options.tooLong ?? `${label} is at most ${max} characters`)
        .superRefine(refuseHidden(label, options.lines ?? false)),
    )
    .describe(
      `NFC-normalised and trimmed as names are; no control, bidi or zero-width character inside${options.lines ? ' (line feeds allowed)' : ''}; may be empty`,
    );

export const PersonName = visibleText('Name', 100);

// PRODUCT §5: email is optional; an empty string counts as absent.
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
