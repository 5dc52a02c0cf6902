// Password hashes of phone + password users (GoTrue uses bcrypt; scrypt is in node:crypto).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** GoTrue's default [auth] minimum_password_length. */
export const MINIMUM_PASSWORD_LENGTH = 6;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await derive(password, salt, 32)).toString('base64')}`;
}

export async function passwordMatches(password: string, stored: string | undefined): Promise<boolean> {
  const [kind, salt, hash] = stored?.split('$') ?? [];
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
