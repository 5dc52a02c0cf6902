// The callers a fuzz case sends as: the real roles of the harness, and tokens that must be
// refused (expired, foreign-signed, alg none, HS256, forged claims, wrong issuer, garbage).
import { randomUUID } from 'node:crypto';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { signJwt, type SigningKeys } from '../../dev/keys.ts';
import type { CallerKind } from '../../supabase/functions/_shared/caller.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface Authorization {
  /** How the case names it in a counterexample. */
  label: string;
  /** The Authorization header, or undefined for none. */
  header?: string;
  /** The real role behind it, when the token is genuine and current. */
  role?: CallerKind;
}

/** Every way of (not) being someone, given the harness's real tokens and its signing key. */
export async function authorizations(
  real: Record<Exclude<CallerKind, 'anon'>, string>,
  keys: SigningKeys,
  anonKey: string,
): Promise<Authorization[]> {
  const claims = decodeJwt(real.member);
  const now = Math.floor(Date.now() / 1000);
  const foreign = await generateKeyPair('ES256');
  const signedByStranger = await new SignJWT({ ...claims, app_metadata: { role: 'admin' } })
    .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })
    .sign(foreign.privateKey);
  const hs256 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters'));
  const genuine = (changes: Record<string, unknown>) => signJwt(keys, { ...claims, ...changes });
  const bearer = (token: string) => `Bearer ${token}`;
  const [, payload] = real.admin.split('.');
  return [
    { label: 'none', header: undefined, role: 'anon' },
    { label: 'anon key', header: bearer(anonKey), role: 'anon' },
    { label: 'kiosk', header: bearer(real.kiosk), role: 'kiosk' },
    { label: 'member', header: bearer(real.member), role: 'member' },
    { label: 'staff', header: bearer(real.staff), role: 'staff' },
    { label: 'owner', header: bearer(real.owner), role: 'owner' },
    { label: 'admin', header: bearer(real.admin), role: 'admin' },
    { label: 'expired', header: bearer(await genuine({ iat: now - 7200, exp: now - 3600 })) },
    { label: 'not yet valid', header: bearer(await genuine({ nbf: now + 3600 })) },
    { label: 'admin claim, ended session', header: bearer(await genuine({ app_metadata: { role: 'admin' }, session_id: randomUUID() })) },
    { label: 'service_role claim', header: bearer(await genuine({ role: 'service_role' })) },
    { label: 'wrong issuer', header: bearer(await genuine({ iss: 'https://evil.example/auth/v1' })) },
    { label: 'wrong audience', header: bearer(await genuine({ aud: 'service' })) },
    { label: 'sub not a uuid', header: bearer(await genuine({ sub: "' or 1=1 --" })) },
    { label: 'foreign-signed', header: bearer(signedByStranger) },
    { label: 'alg none', header: bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, app_metadata: { role: 'admin' } })}.`) },
    { label: 'HS256 with a guessed secret', header: bearer(hs256) },
    { label: 'admin payload, member signature', header: bearer(`${real.member.split('.')[0]}.${payload}.${real.member.split('.')[2]}`) },
    { label: 'garbage', header: bearer('not.a.jwt') },
    { label: 'three dots', header: bearer('...') },
    { label: 'publishable-looking', header: bearer('sb_publishable_x') },
    { label: 'Bearer only', header: 'Bearer' },
    { label: 'Basic scheme', header: 'Basic YWRtaW46YWRtaW4=' },
    { label: 'two tokens', header: `Bearer ${real.admin} ${real.member}` },
  ];
}
