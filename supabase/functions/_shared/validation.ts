// Reading a request's body, query and path parameters through the contract's zod schemas:
// anything that does not fit is a 400 with the offending fields named.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

function invalid(error: z.ZodError, where: string): ApiError {
  const fields: Record<string, string[]> = {};
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

function check<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error, where);
  return result.data;
}

/** The JSON body, parsed by `schema`. Bodies must be sent as application/json. */
export async function parseBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(400, 'invalid_input', 'Send a JSON body with Content-Type: application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'invalid_input', 'The body is not valid JSON');
  }
  return check(schema, value, 'body');
}

/** The query string, parsed by `schema` (a repeated parameter counts once: its first value). */
export function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return check(schema, c.req.query(), 'query');
}

/** The path parameters, parsed by `schema`. */
export function parseParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return check(schema, c.req.param(), 'path');
}
