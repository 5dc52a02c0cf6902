// Reading a request's body, query, path parameters and headers through the contract's zod
// schemas: anything that does not fit is a 400 with the offending fields named.
import type { z } from 'zod';
import { ApiError } from './errors.ts';

function invalid(error: z.ZodError, where: string): ApiError {
  // No prototype: a field named __proto__ or constructor is a key like any other (the fuzz suite
  // found `?__proto__=` answering 500 when `fields` inherited Object.prototype's).
  const fields: Record<string, string[]> = Object.create(null);
  const add = (key: string, message: string) => (fields[key] ??= []).push(message);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), 'Unknown field');
    } else {
      add(issue.path.length > 0 ? issue.path.join('.') : where, issue.message);
    }
  }
  return new ApiError(400, 'invalid_input', `Invalid ${where}`, fields);
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
