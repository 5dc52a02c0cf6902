// Reading a request's body, query, path parameters and headers through the contract's zod
// schemas: anything that does not fit is a 400 with the offending fields named.
import type { z } from 'zod';
import { ApiError, INVALID_VALUE } from './errors.ts';

/** Field names as a person reads them, where splitting the camelCase name is not enough. */
const FIELD_LABELS: Record<string, string> = {
  q: 'search',
  phone: 'phone number',
  email: 'email address',
  from: 'start date',
  to: 'end date',
  smsConsentWording: 'consent wording',
  customerRewardId: 'reward',
  customerId: 'member',
  locationId: 'business',
  'idempotency-key': 'Idempotency-Key header',
};

/** "the message", "the phone number", "the start date" — the field a sentence is about. */
export function fieldLabel(path: readonly PropertyKey[], where: string): string {
  const named = [...path].reverse().find((part) => typeof part === 'string') as string | undefined;
  if (!named) return `the ${where}`;
  const words = FIELD_LABELS[named] ?? named.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return `the ${words}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One zod issue as a sentence a person can act on. zod's own wording ("Too big: expected string
 * to have <=5000 characters", "Invalid input: expected string, received undefined") never leaves
 * the API; a message the contract wrote itself (a refine's, a .max(…, 'message')) is kept.
 */
export function plainIssue(issue: z.core.$ZodIssue, where: string): string {
  const label = fieldLabel(issue.path, where);
  const zodsOwn = /^(Too (big|small)|Invalid|Unrecognized|Expected|Required)\b/.test(issue.message);
  if (!zodsOwn && issue.code !== 'unrecognized_keys') return issue.message;
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? `${capitalise(label)} is too long: use at most ${issue.maximum} characters.`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `${capitalise(label)} has too many entries: at most ${issue.maximum}.`
          : `${capitalise(label)} must be at most ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${capitalise(label)} is required.`
          : `${capitalise(label)} is too short: use at least ${issue.minimum} characters.`;
      }
      return issue.origin === 'array' || issue.origin === 'set'
        ? `${capitalise(label)} needs at least ${issue.minimum} ${Number(issue.minimum) === 1 ? 'entry' : 'entries'}.`
        : `${capitalise(label)} must be at least ${issue.minimum}.`;
    case 'invalid_type':
      return /received undefined/.test(issue.message)
        ? `${capitalise(label)} is required.`
        : `${capitalise(label)} is not the right kind of value.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `${capitalise(label)} is not a valid email address.`
        : `${capitalise(label)} is not in the right format.`;
    case 'invalid_value':
      return issue.values.length <= 8
        ? `${capitalise(label)} must be one of: ${issue.values.map(String).join(', ')}.`
        : `${capitalise(label)} is not one of the allowed values.`;
    case 'unrecognized_keys':
      return 'Unknown field';
    default:
      return `${capitalise(label)} is not valid.`;
  }
}

function invalid(error: z.ZodError, where: string): ApiError {
  // No prototype: a field named __proto__ or constructor is a key like any other (the fuzz suite
  // found `?__proto__=` answering 500 when `fields` inherited Object.prototype's).
  const fields: Record<string, string[]> = Object.create(null);
  const sentences: string[] = [];
  const add = (key: string, message: string) => {
    (fields[key] ??= []).push(message);
    if (!sentences.includes(message)) sentences.push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        (fields[[...issue.path, key].join('.')] ??= []).push('Unknown field');
        const unknown = `“${key}” is not something this request takes.`;
        if (!sentences.includes(unknown)) sentences.push(unknown);
      }
    } else {
      add(issue.path.length > 0 ? issue.path.join('.') : where, plainIssue(issue, where));
    }
  }
  // The message says what to change, in the fields' own sentences (at most three of them).
  const message =
    sentences.length === 0
      ? INVALID_VALUE
      : sentences.slice(0, 3).join(' ') + (sentences.length > 3 ? ` (and ${sentences.length - 3} more)` : '');
  return new ApiError(400, 'invalid_input', message, fields);
}

/** `value` parsed by `schema`, or a 400 naming each invalid field of `where`. */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error, where);
  return result.data;
}

/** The JSON body of a request. Bodies must be sent as application/json. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(400, 'invalid_input', 'Send a JSON body with Content-Type: application/json');
  }
  try {
    return JSON.parse(await request.text());
  } catch {
    throw new ApiError(400, 'invalid_input', 'The body is not valid JSON');
  }
}
