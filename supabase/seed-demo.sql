-- Local demo data only (never loaded into production): a demo admin who signs in with the
-- test code in supabase/config.toml.

-- Auth stores phones as digits with the country code and no '+'.
insert into auth.users (
  id, aud, role, phone, phone_confirmed_at, confirmed_at, raw_app_meta_data, raw_user_meta_data, is_anonymous
) values (
  '00000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', '15555550100', now(), now(),
  '{"provider": "phone", "providers": ["phone"], "role": "admin"}'::jsonb,
  '{"name": "Demo Admin"}'::jsonb, false
);
