// Staff and admins: Auth users with a role in app_metadata (set as superuser, as an operator
// would), signed in by phone. Apart from api-factories.ts so the harness can make its admin
// without importing the factories that import the harness.
import { randomUUID } from 'node:crypto';
import { signInWithPhone, type AuthServer } from './auth-client.ts';
import type { TestDatabase } from './db.ts';

export async function createRoleUser(
  h: { db: TestDatabase; auth: AuthServer },
  phone: string,
  appMetadata: Record<string, string>,
): Promise<string> {
  await h.db.sql`
    insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data)
    values (${randomUUID()}, 'authenticated', 'authenticated', ${`1${phone}`}, now(),
            ${h.db.sql.json({ provider: 'phone', providers: ['phone'], ...appMetadata })})`;
  return (await signInWithPhone(h.auth, phone)).access_token;
}
