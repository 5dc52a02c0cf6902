-- A new village without SQL (npm run deploy): the first admin's one-time bootstrap and the
-- Silver and Gold rewards of a new programme, the texts' site address. See supabase/schemas/16_people.sql,
-- 66_texts.sql and 78_catalogue.sql.

-- The first admin, without SQL: `npm run deploy` calls this with the phone named in the village
-- file (only the database owner may: no API role can). It grants through private.give_role as
-- app.grant_admin does, audited as 'admin.bootstrap'; a phone nobody has yet gets a pending grant
-- that becomes theirs at their first sign-in. Once any admin exists it refuses (409): every
-- other admin is added on /admin → People. The lock makes two bootstraps at once give one admin.
create function private.bootstrap_first_admin(p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_granted_at timestamptz;
  v_status text;
begin
  perform pg_advisory_xact_lock(hashtextextended('first_admin', 0));
  if exists (select 1 from private.staff_grants g where g.role = 'admin')
     or exists (select 1 from auth.users u where u.raw_app_meta_data ->> 'role' = 'admin') then
    perform private.fail('409', 'The programme already has an admin: add more admins on /admin, People');
  end if;
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  perform private.refuse_other_role(v_phone, v_person, 'admin', null);
  select r.granted_at into v_granted_at from private.give_role(v_phone, v_person, 'admin', null) r;
  v_status := case when v_person.id is null then 'pending' else 'active' end;
  perform private.audit('admin.bootstrap', 'phone', v_phone,
                        jsonb_build_object('role', v_person.raw_app_meta_data ->> 'role'),
                        jsonb_build_object('role', 'admin', 'userId', v_person.id, 'status', v_status),
                        'The first admin, named in the village file', null, 'system');
  return jsonb_build_object('phone', right(v_phone, 10), 'status', v_status, 'userId', v_person.id,
                            'grantedAt', v_granted_at);
end;
$$;
revoke execute on function private.bootstrap_first_admin(text) from public, anon, authenticated, service_role;

-- A new programme's Silver and Gold rewards: the tier rewards have no admin screen of their own
-- (app.admin_update_tiers words them), so a village loaded by `npm run deploy` gets one row per
-- tier that has no active reward, worded from its goal label until the tiers are set. Only the
-- database owner may call it; each row is audited like a reward an admin adds.
create function private.add_missing_tier_rewards()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.rewards;
  v_added integer := 0;
begin
  perform 1 from public.tiers t for update;
  for v_row in
    insert into public.rewards (kind, tier, name, description, scope)
    select 'tier', t.name, coalesce(nullif(btrim(t.goal_label), ''), t.name || ' reward'), '', 'network'
      from public.tiers t
     where t.name in ('Silver', 'Gold')
       and not exists (select 1 from public.rewards r where r.kind = 'tier' and r.tier = t.name and r.retired_at is null)
    returning *
  loop
    perform private.audit('reward.create', 'reward', v_row.id::text, null, private.reward_json(v_row), null, null, 'system');
    v_added := v_added + 1;
  end loop;
  return v_added;
end;
$$;
revoke execute on function private.add_missing_tier_rewards() from public, anon, authenticated, service_role;

-- The app's public address, which the texts link to: `npm run deploy` sets it from the village
-- file (only the database owner may), audited like a settings change.
create function private.set_site_url(p_url text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before text;
begin
  select s.texts_site_url into v_before from private.settings s where s.id for update;
  update private.settings s set texts_site_url = p_url where s.id;
  if v_before is distinct from p_url then
    perform private.audit('settings.update', 'settings', 'texts_site_url', jsonb_build_object('textsSiteUrl', v_before),
                          jsonb_build_object('textsSiteUrl', p_url), null, null, 'system');
  end if;
  return p_url;
end;
$$;
revoke execute on function private.set_site_url(text) from public, anon, authenticated, service_role;
