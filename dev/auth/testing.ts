// Test helpers for the auth stand-in: the real supabase-js client pointed at a running stack or
// at an auth app in-process, the dev SMS outbox, and fresh phone numbers.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { mount } from 'hono/mount';

// Node 20 has no global WebSocket and no test here opens a realtime channel.
class NoRealtimeSocket {}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
};

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface AuthTarget {
  /** The project URL (auth answers under /auth/v1). */
  url: string;
  anonKey: string;
  fetch: Fetch;
}

/** A stack on a real port. */
export function stackTarget(stack: { url: string; anonKey: string }): AuthTarget {
  return { url: stack.url, anonKey: stack.anonKey, fetch: (input, init) => fetch(input, init) };
}

/** An auth app called in-process, mounted at /auth/v1 as the stack mounts it. */
export function appTarget(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  anonKey: string,
): AuthTarget {
  const gateway = new Hono().all('/auth/v1/*', mount(app.fetch));
  return {
    url: 'http://auth.test',
    anonKey,
    fetch: async (input, init) => gateway.fetch(new Request(input, init)),
  };
}

export function supabaseClient(target: AuthTarget): SupabaseClient {
  return createClient(target.url, target.anonKey, {
    ...clientOptions,
    global: { fetch: target.fetch },
  });
}

export interface OutboxMessage {
  phone: string;
  code: string;
  body: string;
  sentAt: string;
}

export async function outbox(target: AuthTarget, phone: string): Promise<OutboxMessage[]> {
  const response = await target.fetch(
    `${target.url}/auth/v1/dev/sms?phone=${encodeURIComponent(phone)}`,
    {
      headers: { apikey: target.anonKey },
    },
  );
  if (!response.ok) throw new Error(`dev outbox: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

export async function latestCode(target: AuthTarget, phone: string): Promise<string> {
  const code = (await outbox(target, phone)).at(-1)?.code;
  if (!code) throw new Error(`no SMS was sent to ${phone}`);
  return code;
}

/** Distinct E.164 numbers (+1 555 …) for one test file's database. */
export function phoneNumbers(block: number): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `+1555${String(block * 10_000 + next).padStart(7, '0')}`;
  };
}
