// The Supabase Auth (GoTrue) calls the API makes over HTTP: send an SMS code, verify it, read
// the user behind a token, sign a session out. Codes are Supabase Auth's own.
import { AuthSession } from './contract/auth.ts';
import { ApiError, RETRY_AFTER_UNAVAILABLE_SECONDS } from './errors.ts';

export interface AuthGateway {
  /** Sends a one-time code by SMS to an E.164 phone (+1XXXXXXXXXX), creating the Auth user if new. */
  sendOtp(phone: string): Promise<void>;
  /** Verifies the code; answers the new session, or 401 when the code is wrong or expired. */
  verifyOtp(phone: string, code: string): Promise<AuthSession>;
  /** Asks Auth whether an access token is good (GET /user); 401 when it is not. */
  getUser(accessToken: string): Promise<Record<string, unknown>>;
  /** Revokes the token's session; an already ended session counts as signed out. */
  signOut(accessToken: string): Promise<void>;
  /** Asks Auth to send a phone-change code to a new E.164 phone (PUT /user {phone}); 409 when another user has it. */
  requestPhoneChange(accessToken: string, phone: string): Promise<void>;
  /** Verifies the phone-change code (type 'phone_change'); answers the new session (its phone claim the new phone). */
  verifyPhoneChange(phone: string, code: string): Promise<AuthSession>;
}

export interface GoTrueOptions {
  supabaseUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}

/** Auth is down or failing: 503 with Retry-After, so clients wait and retry instead of giving up. */
export const unavailable = () =>
  new ApiError(503, 'upstream_unavailable', 'Sign-in is unavailable right now; try again shortly', undefined, RETRY_AFTER_UNAVAILABLE_SECONDS);

async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return String(body.msg ?? body.message ?? body.error_description ?? body.error ?? response.statusText);
}

// GoTrue's own send limit says "... after 42 seconds"; pass that wait on.
async function rateLimited(response: Response): Promise<ApiError> {
  const message = await errorMessage(response);
  const seconds = Number(/(\d+)\s*seconds?/.exec(message)?.[1]) || 60;
  return new ApiError(429, 'rate_limited', 'Too many attempts; try again later', undefined, seconds);
}

export function createGoTrueGateway(options: GoTrueOptions): AuthGateway {
  const base = `${options.supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
  const send = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
    try {
      return await send(`${base}${path}`, {
        method,
        headers: {
          apikey: options.anonKey,
          authorization: `Bearer ${token ?? options.anonKey}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw unavailable();
    }
  }

  return {
    async sendOtp(phone) {
      const response = await call('POST', '/otp', { phone, create_user: true, channel: 'sms' });
      if (response.ok) return;
      if (response.status === 429) throw await rateLimited(response);
      if (response.status >= 500) throw unavailable();
      throw new ApiError(400, 'invalid_input', `Could not send a code: ${await errorMessage(response)}`);
    },

    async verifyOtp(phone, code) {
      const response = await call('POST', '/verify', { phone, token: code, type: 'sms' });
      if (response.status === 429) throw await rateLimited(response);
      if (response.status >= 500) throw unavailable();
      if (!response.ok) throw new ApiError(401, 'unauthorized', 'Invalid or expired code');
      const session = AuthSession.safeParse(await response.json().catch(() => null));
      if (!session.success) throw unavailable();
      return session.data;
    },

    async getUser(accessToken) {
      const response = await call('GET', '/user', undefined, accessToken);
      if (response.status >= 500) throw unavailable();
      if (!response.ok) throw new ApiError(401, 'unauthorized', 'Your session is invalid or has expired; sign in again');
      return (await response.json()) as Record<string, unknown>;
    },

    async requestPhoneChange(accessToken, phone) {
      const response = await call('PUT', '/user', { phone }, accessToken);
      if (response.ok) return;
      if (response.status === 429) throw await rateLimited(response);
      if (response.status >= 500) throw unavailable();
      if (response.status === 401 || response.status === 403) {
        throw new ApiError(401, 'unauthorized', 'Your session is invalid or has expired; sign in again');
      }
      const message = await errorMessage(response);
      if (/already been registered|phone_exists/i.test(message)) {
        throw new ApiError(409, 'conflict', 'Another account uses this phone number');
      }
      throw new ApiError(400, 'invalid_input', `Could not send a code: ${message}`);
    },

    async verifyPhoneChange(phone, code) {
      const response = await call('POST', '/verify', { phone, token: code, type: 'phone_change' });
      if (response.status === 429) throw await rateLimited(response);
      if (response.status >= 500) throw unavailable();
      if (!response.ok) throw new ApiError(401, 'unauthorized', 'Invalid or expired code');
      const session = AuthSession.safeParse(await response.json().catch(() => null));
      if (!session.success) throw unavailable();
      return session.data;
    },

    async signOut(accessToken) {
      const response = await call('POST', '/logout?scope=local', undefined, accessToken);
      if (response.status >= 500) throw unavailable();
      // 401/403/404: the session is already gone, which is what signing out wants.
    },
  };
}
