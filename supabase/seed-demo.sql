-- Local demo data only (never loaded into production): a demo admin and a demo staff member at
-- the Village Creamery, who sign in with the test codes in supabase/config.toml.

-- Auth stores phones as digits with the country code and no '+'.
insert into auth.users (
  id, aud, role, phone, phone_confirmed_at, confirmed_at, raw_app_meta_data, raw_user_meta_data, is_anonymous
) values (
  '00000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', '15555550100', now(), now(),
  '{"provider": "phone", "providers": ["phone"], "role": "admin"}'::jsonb,
  '{"name": "Demo Admin"}'::jsonb, false
);

-- The demo staff member, (555) 555-0101, at the Village Creamery: a staff grant like the one an
-- admin adds on the Locations tab, so it shows there and can be removed.
insert into auth.users (
  id, aud, role, phone, phone_confirmed_at, confirmed_at, raw_app_meta_data, raw_user_meta_data, is_anonymous
) values (
  '00000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated', '15555550101', now(), now(),
  '{"provider": "phone", "providers": ["phone"], "role": "staff", "location_id": "creamery"}'::jsonb,
  '{"name": "Demo Staff"}'::jsonb, false
);
insert into private.staff_grants (user_id, location_id) values ('00000000-0000-4000-8000-000000000002', 'creamery');
