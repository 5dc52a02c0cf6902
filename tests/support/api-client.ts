// Calling the api app in-process (app.request) and reading its answers through the contract.
import type { z } from 'zod';
import type { App } from '../../supabase/functions/_shared/app.ts';
import type { ErrorBody } from '../../supabase/functions/_shared/contract.ts';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
  /** The error of a failed call, when the body has the API's error shape. */
  error?: ErrorBody['error'];
}

export interface CallOptions {
  /** A JSON body (sent with Content-Type: application/json), or a raw string. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export async function callApp(app: App, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text so a failing assertion shows it.
  }
  const error = (parsed as Partial<ErrorBody> | undefined)?.error;
  return { status: response.status, headers: response.headers, body: parsed, error };
}

/** The body of a successful call, checked against the contract's response schema. */
export function bodyOf<S extends z.ZodType>(response: ApiResponse, schema: S, status = 200): z.output<S> {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return schema.parse(response.body);
}
