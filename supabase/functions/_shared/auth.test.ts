// Token verification: only genuine, current Supabase access tokens name a caller.
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { callerFromToken, createTokenVerifier } from './auth.ts';
import { ANON } from './caller.ts';
import { ApiError } from './errors.ts';
import type { AuthGateway } from './gotrue.ts';

const URL = 'http://auth.test';
const ISSUER = `${URL}/auth/v1`;
const SESSION = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';

const project = await generateKeyPair('ES256');
const stranger = await generateKeyPair('ES256');
const jwks = { keys: [{ ...(await exportJWK(project.publicKey)), kid: 'project', alg: 'ES256', use: 'sig' }] };
const serveJwks = (async () => Response.json(jwks)) as unknown as typeof fetch;

function gateway(userAnswer: 'ok' | 'refused'): AuthGateway {
  const refuse = () => Promise.reject(new Error('not used'));
  return {
    sendOtp: refuse,
    verifyOtp: refuse,
    signOut: refuse,
    requestPhoneChange: refuse,
    verifyPhoneChange: refuse,
    async getUser() {
      if (userAnswer === 'refused') throw new ApiError(401, 'unauthorized', 'refused');
      return { id: USER };
    },
  };
}

const claims = (extra: JWTPayload = {}): JWTPayload => ({
  sub: USER, role: 'authenticated', session_id: SESSION, is_anonymous: false, app_metadata: {}, ...extra,
});

async function sign(payload: JWTPayload, options: { key?: CryptoKey; issuer?: string; audience?: string; expires?: string } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', kid: 'project' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? 'authenticated')
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '1h')
    .sign(options.key ?? project.privateKey);
}

const verifier = createTokenVerifier(URL, gateway('refused'), { fetch: serveJwks });
const statusOf = (promise: Promise<unknown>) =>
  promise.then(() => 200, (error: unknown) => (error instanceof ApiError ? error.status : 500));

describe('callerFromToken', () => {
  it('names members, kiosks, staff and admins from verified claims', async () => {
    const kinds = await Promise.all(
      [claims(), claims({ is_anonymous: true }), claims({ app_metadata: { role: 'staff', location_id: 'museum' } }), claims({ app_metadata: { role: 'admin' } })]
        .map(async (payload) => (await callerFromToken(await sign(payload), 'anon-key', verifier)).kind),
    );
    expect(kinds).toEqual(['member', 'kiosk', 'staff', 'admin']);
  });

  it('never takes a role from user_metadata', async () => {
    const caller = await callerFromToken(await sign(claims({ user_metadata: { role: 'admin' } })), 'anon-key', verifier);
    expect(caller.kind).toBe('member');
  });

  it('treats the anon key and anon-role tokens as nobody in particular', async () => {
    expect(await callerFromToken('anon-key', 'anon-key', verifier)).toBe(ANON);
    expect(await callerFromToken('sb_publishable_abc', 'anon-key', verifier)).toBe(ANON);
    expect(await callerFromToken(await sign({ role: 'anon' }), 'anon-key', verifier)).toBe(ANON);
  });

  it('refuses with 401 tokens signed by another key, for another issuer or audience, expired, or without a session', async () => {
    const refused = [
      await sign(claims(), { key: stranger.privateKey }),
      await sign(claims(), { issuer: 'http://elsewhere/auth/v1' }),
      await sign(claims(), { audience: 'someone-else' }),
      await sign(claims(), { expires: '-1m' }),
      await sign(claims({ session_id: undefined })),
      await sign(claims({ role: 'service_role' })),
      'not.a.token',
    ];
    for (const token of refused) expect(await statusOf(callerFromToken(token, 'anon-key', verifier))).toBe(401);
  });

  it('keeps a verified token only until it expires', async () => {
    const token = await sign(claims(), { expires: '10m' });
    const fresh = createTokenVerifier(URL, gateway('refused'), { fetch: serveJwks });
    expect((await callerFromToken(token, 'anon-key', fresh)).userId).toBe(USER);
    expect((await callerFromToken(token, 'anon-key', fresh)).userId).toBe(USER);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      expect(await statusOf(callerFromToken(token, 'anon-key', fresh))).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks Supabase Auth about tokens signed with a shared secret (HS256)', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-enough-length!!');
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(secret);
    const trusting = createTokenVerifier(URL, gateway('ok'), { fetch: serveJwks });
    expect((await callerFromToken(token, 'anon-key', trusting)).userId).toBe(USER);
    expect(await statusOf(callerFromToken(token, 'anon-key', verifier))).toBe(401);
  });

  it('answers 503 (not 401: the token may be fine) when Auth\'s key set cannot be fetched', async () => {
    const token = await sign(claims());
    const outages = [
      (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch,
      (async () => new Response('upstream down', { status: 502 })) as unknown as typeof fetch,
      (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch,
      (async () => Response.json({ not: 'a key set' })) as unknown as typeof fetch,
    ];
    for (const fetch of outages) {
      const cutOff = createTokenVerifier(URL, gateway('refused'), { fetch });
      const failure = await callerFromToken(token, 'anon-key', cutOff).catch((error: ApiError) => error);
      expect(failure).toMatchObject({ status: 503, code: 'upstream_unavailable', retryAfterSeconds: 2 });
    }
  });
});
