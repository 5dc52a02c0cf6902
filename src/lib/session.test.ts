// Role claims from a Supabase user: kiosk = anonymous, staff/admin from app_metadata.
import type { User } from '@supabase/supabase-js';
import { claimsOf } from './session.ts';

vi.mock('./supabase.ts', () => ({ supabase: {} }));

const user = (fields: Partial<User>) =>
  ({
    id: 'u',
    aud: 'authenticated',
    created_at: '',
    app_metadata: {},
    user_metadata: {},
    ...fields,
  }) as User;

describe('claimsOf', () => {
  it('reads a staff role with its location, an admin role, and a plain member', () => {
    expect(claimsOf(user({ app_metadata: { role: 'staff', location_id: 'creamery' } }))).toEqual({
      isKiosk: false,
      role: 'staff',
      locationId: 'creamery',
    });
    expect(claimsOf(user({ app_metadata: { role: 'admin' } })).role).toBe('admin');
    expect(claimsOf(user({}))).toEqual({ isKiosk: false, role: null, locationId: null });
  });

  it('ignores roles it does not know (user_metadata never grants a role)', () => {
    expect(claimsOf(user({ app_metadata: { role: 'superuser' } })).role).toBeNull();
    expect(claimsOf(user({ user_metadata: { role: 'admin' } })).role).toBeNull();
  });

  it('marks an anonymous sign-in as a kiosk', () => {
    expect(claimsOf(user({ is_anonymous: true })).isKiosk).toBe(true);
  });
});
