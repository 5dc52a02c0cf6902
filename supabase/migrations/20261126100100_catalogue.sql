-- Issue 21 §1–2: businesses and rewards are data the operator changes from /admin.
-- Businesses get opening hours and an archive mark; rewards can be retired and replaced
-- (one ACTIVE welcome reward per business). The API roles lose direct writes on locations and
-- rewards: every change goes through the audited app.admin_* functions (78_catalogue.sql).

alter table public.locations
  add column hours text not null default '' check (length(hours) <= 300),
  add column archived_at timestamptz;

alter table public.rewards
  add column retired_at timestamptz,
  add column replaced_by uuid references public.rewards (id),
  add constraint rewards_replacement_retired check (replaced_by is null or retired_at is not null);
create index rewards_replaced_by_idx on public.rewards (replaced_by);

drop index public.rewards_one_welcome_per_location;
create unique index rewards_one_welcome_per_location on public.rewards (location_id) where kind = 'welcome' and retired_at is null;

drop policy "Admins can add businesses" on public.locations;
drop policy "Admins can edit businesses" on public.locations;
drop policy "Admins can remove businesses" on public.locations;
revoke insert, update, delete on public.locations from authenticated;
drop policy "Admins can add rewards" on public.rewards;
drop policy "Admins can edit rewards" on public.rewards;
drop policy "Admins can remove rewards" on public.rewards;
revoke insert, update, delete on public.rewards from authenticated;

-- The welcome reward unlocked on a first visit is the business's current one.
create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_uid uuid := auth.uid();
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role = 'staff' then private.staff_location_id() end;
  v_token public.checkin_tokens;
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_first_here boolean;
  v_visits_today integer;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlock record;
  v_unlocked_ids uuid[];
  v_unlocked jsonb := '[]'::jsonb;
  v_result jsonb;
begin
  if v_uid is null then
    perform private.fail('401', 'Sign in to approve visits');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'approve_visit', 'token', encode(sha256(convert_to(p_token, 'UTF8')), 'hex'),
    'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  -- Staff count visits at their own business only.
  if v_role = 'staff' and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  if p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter.
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, v_staff_location);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = v_location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    v_customer_id := substr(p_token, 10)::uuid;
    v_via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if v_token.location_id is null then
      -- A member's phone token: the counter's business.
      if v_admin then
        v_location_id := p_location_id;
        if v_location_id is null then
          perform private.fail('400', 'Choose the location this visit is at');
        end if;
        v_via := 'admin';
      elsif v_staff_location is not null then
        v_location_id := v_staff_location;
        v_via := 'staff';
      else
        select * into v_kiosk from public.kiosk_sessions k where k.user_id = v_uid;
        if not found then
          perform private.fail('403', 'Only a counter can approve this check-in');
        end if;
        if v_kiosk.enrolled_at is null and not private.demo_mode() then
          perform private.fail('403', 'This kiosk is not enrolled to approve visits');
        end if;
        v_location_id := v_kiosk.location_id;
        v_via := 'kiosk';
      end if;
    elsif v_admin or coalesce(v_staff_location = v_token.location_id, false) then
      v_via := case when v_admin then 'admin' else 'staff' end;
      v_location_id := v_token.location_id;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
      v_location_id := v_token.location_id;
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if v_token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if v_token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := v_token.customer_id;
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(v_customer_id, v_location_id) l;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via)
  values (v_customer_id, v_location_id, v_points, v_token.id, v_uid, v_via)
  returning id into v_visit_id;
  v_total := private.record_event(v_customer_id, 'visit_approved', v_points, v_visit_id, null,
                                  v_location_id, p_idempotency_key);

  if v_token.id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = v_token.id;
  end if;

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_by_visit_id)
    select v_customer_id, r.id, case when r.kind = 'welcome' then r.location_id end, v_visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here and r.retired_at is null)
        or (r.kind = 'tier' and t.min_points <= v_total)
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

  if cardinality(v_unlocked_ids) > 0 then
    for v_unlock in
      select cr.id, r.name, r.description, r.scope
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.id = any(v_unlocked_ids)
       order by r.kind desc, r.name
    loop
      perform private.record_event(v_customer_id, 'reward_unlocked', 0, v_visit_id, v_unlock.id,
                                   v_location_id, p_idempotency_key);
      v_unlocked := v_unlocked || jsonb_build_array(jsonb_build_object(
        'id', v_unlock.id, 'name', v_unlock.name, 'description', v_unlock.description, 'scope', v_unlock.scope));
    end loop;
  end if;

  perform private.note_velocity(v_customer_id, v_visits_today + 1);

  v_result := jsonb_build_object(
    'visitId', v_visit_id,
    'customer', jsonb_build_object('id', v_customer_id, 'name', v_customer.name),
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;

-- Sign-up answers with the business's current welcome reward.
create or replace function app.create_customer(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk_location text;
  v_location_id text := p_location_id;
  v_channel text;
  v_row public.customers;
begin
  if private.is_anonymous() and auth.uid() is not null then
    select k.location_id into v_kiosk_location from public.kiosk_sessions k where k.user_id = auth.uid();
    v_location_id := coalesce(p_location_id, v_kiosk_location);
    v_channel := 'kiosk';
  else
    v_channel := case when p_location_id is not null then 'business' else 'web' end;
  end if;
  v_row := private.create_customer(p_name, p_phone, p_email, p_sms_consent, p_email_consent,
                                   v_location_id, v_channel, p_sms_consent_wording);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_row.id, 'name', v_row.name),
    'welcomeReward', (select jsonb_build_object('name', r.name, 'description', r.description)
                        from public.rewards r
                       where r.kind = 'welcome' and r.location_id = v_location_id and r.retired_at is null));
end;
$$;
revoke execute on function app.create_customer(text, text, text, boolean, boolean, text, text) from public;
grant execute on function app.create_customer(text, text, text, boolean, boolean, text, text) to anon, authenticated;

-- The public list leaves archived businesses out and gives each its hours and current welcome reward.
create or replace function app.locations()
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id, 'slug', l.id, 'businessName', l.business_name, 'kind', l.kind,
           'description', l.description, 'address', l.address, 'logoUrl', l.logo_url,
           'icon', l.icon, 'color', l.color, 'hours', l.hours,
           'welcomeReward', case when r.id is not null
                                 then jsonb_build_object('name', r.name, 'description', r.description) end)
         order by l.sort_order, l.id), '[]'::jsonb)
    from public.locations l
    left join public.rewards r on r.location_id = l.id and r.kind = 'welcome' and r.retired_at is null
   where l.archived_at is null
$$;
revoke execute on function app.locations() from public;
grant execute on function app.locations() to anon, authenticated;

-- The catalogue functions and the archive guards (78_catalogue.sql).
create function private.reserved_slugs()
returns text[]
language sql immutable
set search_path = ''
as $$
  select array['admin', 'staff', 'account', 'mobile', 'business', 'businesses', 'join', 'privacy',
               'kiosk', 'kiosk-home', 'login', 'checkin', 'contact', 'how-it-works', 'api', 'auth',
               'rest', 'functions', 'storage', 'realtime', 'logos', 'assets', 'favicon', 'robots',
               'index', 'owner', 'audit', 'settings', 'report', 'programme', 'new', 'help', 'about',
               'terms', 'home', 'wallet', 'qr', 'otp', 'verify', 'logout', 'signup', 'welcome']
$$;
revoke execute on function private.reserved_slugs() from public;

-- A business as the admin catalogue and the audit log show it.
create function private.location_json(p_location public.locations)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_location.id, 'slug', p_location.id, 'businessName', p_location.business_name,
    'kind', p_location.kind, 'description', p_location.description, 'address', p_location.address,
    'logoUrl', p_location.logo_url, 'icon', p_location.icon, 'color', p_location.color,
    'hours', p_location.hours, 'sortOrder', p_location.sort_order, 'archivedAt', p_location.archived_at)
$$;
revoke execute on function private.location_json(public.locations) from public;

-- A reward as the admin catalogue and the audit log show it.
create function private.reward_json(p_reward public.rewards)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_reward.id, 'kind', p_reward.kind, 'locationId', p_reward.location_id, 'tier', p_reward.tier,
    'name', p_reward.name, 'description', p_reward.description, 'scope', p_reward.scope,
    'createdAt', p_reward.created_at, 'retiredAt', p_reward.retired_at, 'replacedBy', p_reward.replaced_by)
$$;
revoke execute on function private.reward_json(public.rewards) from public;

-- Validates a business's editable fields; raises LY400 with the first problem in plain words.
create function private.check_location_fields(
  p_business_name text, p_kind text, p_description text, p_address text, p_logo_url text,
  p_icon text, p_color text, p_hours text
)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(coalesce(p_business_name, ''))) not between 1 and 100 then
    perform private.fail('400', 'Enter the business''s name (up to 100 characters)');
  end if;
  if length(btrim(coalesce(p_kind, ''))) not between 1 and 50 then
    perform private.fail('400', 'Enter the kind of business (up to 50 characters)');
  end if;
  if length(coalesce(p_description, '')) > 1000 then
    perform private.fail('400', 'The description is too long (up to 1000 characters)');
  end if;
  if length(coalesce(p_address, '')) > 200 then
    perform private.fail('400', 'The address is too long (up to 200 characters)');
  end if;
  if length(coalesce(p_hours, '')) > 300 then
    perform private.fail('400', 'The opening hours are too long (up to 300 characters)');
  end if;
  if length(coalesce(p_logo_url, '')) > 500
     or (coalesce(p_logo_url, '') <> '' and p_logo_url !~ '^(https://[^\s]+|/[A-Za-z0-9._/-]+)$') then
    perform private.fail('400', 'The image address must start with https:// (or be left empty to use the icon)');
  end if;
  if p_icon is null or p_icon not in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store') then
    perform private.fail('400', 'Choose an icon from the list');
  end if;
  if p_color is null or p_color not in ('amber', 'pink', 'red', 'indigo', 'orange', 'purple', 'green', 'blue', 'yellow', 'slate') then
    perform private.fail('400', 'Choose a colour from the list');
  end if;
end;
$$;
revoke execute on function private.check_location_fields(text, text, text, text, text, text, text, text) from public;

-- Validates a reward's wording.
create function private.check_reward_wording(p_name text, p_description text)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(coalesce(p_name, ''))) not between 1 and 100 then
    perform private.fail('400', 'Enter the reward''s name (up to 100 characters)');
  end if;
  if length(coalesce(p_description, '')) > 500 then
    perform private.fail('400', 'The reward''s description is too long (up to 500 characters)');
  end if;
end;
$$;
revoke execute on function private.check_reward_wording(text, text) from public;

-- GET /api/admin/catalogue: every business (archived ones too) and every reward (retired ones
-- too), with how many members hold each reward unused, for the Programme tab.
create function app.admin_catalogue()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can see the programme settings');
  return jsonb_build_object(
    'businesses', (
      select coalesce(jsonb_agg(private.location_json(l) || jsonb_build_object(
               'welcomeRewardId', (select r.id from public.rewards r
                                    where r.location_id = l.id and r.kind = 'welcome' and r.retired_at is null))
             order by l.archived_at nulls first, l.sort_order, l.id), '[]'::jsonb)
        from public.locations l),
    'rewards', (
      select coalesce(jsonb_agg(private.reward_json(r) || jsonb_build_object(
               'businessName', l.business_name,
               'holders', (select count(*) from public.customer_rewards cr
                            where cr.reward_id = r.id and cr.status = 'unlocked'),
               'unlocked', (select count(*) from public.customer_rewards cr
                             where cr.reward_id = r.id and cr.status <> 'revoked'))
             order by r.kind desc, l.sort_order, r.location_id, r.tier, r.retired_at nulls first, r.created_at), '[]'::jsonb)
        from public.rewards r
        left join public.locations l on l.id = r.location_id));
end;
$$;
revoke execute on function app.admin_catalogue() from public;
grant execute on function app.admin_catalogue() to authenticated;

-- GET /api/admin/catalogue/changes: every change to businesses and rewards, newest first, from
-- the audit log.
create function app.admin_catalogue_changes(p_limit integer default 100)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can see the programme settings');
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', a.id, 'at', a.at, 'action', a.action, 'targetType', a.target_type, 'targetId', a.target_id,
             'locationId', a.location_id, 'actorPhone', a.actor_phone, 'before', a.before, 'after', a.after,
             'reason', a.reason)
           order by a.at desc, a.id desc), '[]'::jsonb)
      from (select * from private.audit_log x
             where x.target_type in ('location', 'reward')
             order by x.at desc, x.id desc
             limit greatest(1, least(coalesce(p_limit, 100), 500))) a);
end;
$$;
revoke execute on function app.admin_catalogue_changes(integer) from public;
grant execute on function app.admin_catalogue_changes(integer) to authenticated;

-- POST /api/admin/businesses: adds a business. The slug becomes its id and its landing /:slug.
create function app.admin_create_location(
  p_slug text, p_business_name text, p_kind text, p_description text, p_address text,
  p_logo_url text, p_icon text, p_color text, p_hours text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.locations;
begin
  perform private.require_admin('Only admins can add businesses');
  if p_slug is null or p_slug !~ '^[a-z][a-z0-9-]{1,40}$' or p_slug ~ '--|-$' then
    perform private.fail('400', 'The web address name uses lower-case letters, digits and single dashes (2 to 41 characters), starting with a letter');
  end if;
  if p_slug = any(private.reserved_slugs()) then
    perform private.fail('400', 'That web address is used by a page of the site: choose another');
  end if;
  perform private.check_location_fields(p_business_name, p_kind, p_description, p_address, p_logo_url,
                                        p_icon, p_color, p_hours);
  -- Two admins adding the same slug at once: the second waits here, then sees the first's row.
  perform pg_advisory_xact_lock(hashtext('location:' || p_slug));
  if exists (select 1 from public.locations l where l.id = p_slug) then
    perform private.fail('409', 'A business already has that web address');
  end if;
  insert into public.locations (id, business_name, kind, description, address, logo_url, icon, color, hours, sort_order)
  values (p_slug, btrim(p_business_name), btrim(p_kind), coalesce(p_description, ''), coalesce(p_address, ''),
          coalesce(p_logo_url, ''), p_icon, p_color, coalesce(p_hours, ''),
          (select coalesce(max(l.sort_order), 0) + 1 from public.locations l))
  returning * into v_row;
  perform private.audit('business.create', 'location', v_row.id, null, private.location_json(v_row), null, v_row.id);
  return private.location_json(v_row);
end;
$$;
revoke execute on function app.admin_create_location(text, text, text, text, text, text, text, text, text) from public;
grant execute on function app.admin_create_location(text, text, text, text, text, text, text, text, text) to authenticated;

-- PUT /api/admin/businesses/:locationId: edits a business's name, kind, description, address,
-- image, icon, colour and hours (the slug stays).
create function app.admin_update_location(
  p_location_id text, p_business_name text, p_kind text, p_description text, p_address text,
  p_logo_url text, p_icon text, p_color text, p_hours text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.locations;
  v_row public.locations;
begin
  perform private.require_admin('Only admins can edit businesses');
  select * into v_before from public.locations l where l.id = p_location_id for update;
  if not found then
    perform private.fail('404', 'Unknown location');
  end if;
  perform private.check_location_fields(p_business_name, p_kind, p_description, p_address, p_logo_url,
                                        p_icon, p_color, p_hours);
  update public.locations l
     set business_name = btrim(p_business_name), kind = btrim(p_kind), description = coalesce(p_description, ''),
         address = coalesce(p_address, ''), logo_url = coalesce(p_logo_url, ''), icon = p_icon, color = p_color,
         hours = coalesce(p_hours, '')
   where l.id = p_location_id
  returning * into v_row;
  perform private.audit('business.update', 'location', v_row.id, private.location_json(v_before),
                        private.location_json(v_row), null, v_row.id);
  return private.location_json(v_row);
end;
$$;
revoke execute on function app.admin_update_location(text, text, text, text, text, text, text, text, text) from public;
grant execute on function app.admin_update_location(text, text, text, text, text, text, text, text, text) to authenticated;

-- POST /api/admin/businesses/:locationId/archive (p_archived true) and /unarchive (false).
create function app.admin_archive_location(p_location_id text, p_archived boolean, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.locations;
  v_row public.locations;
begin
  perform private.require_admin('Only admins can archive businesses');
  if length(coalesce(p_reason, '')) > 500 then
    perform private.fail('400', 'The reason is too long (up to 500 characters)');
  end if;
  select * into v_before from public.locations l where l.id = p_location_id for update;
  if not found then
    perform private.fail('404', 'Unknown location');
  end if;
  if coalesce(p_archived, true) and v_before.archived_at is not null then
    perform private.fail('409', 'This business is already archived');
  end if;
  if not coalesce(p_archived, true) and v_before.archived_at is null then
    perform private.fail('409', 'This business is not archived');
  end if;
  update public.locations l
     set archived_at = case when coalesce(p_archived, true) then now() end
   where l.id = p_location_id
  returning * into v_row;
  perform private.audit(case when coalesce(p_archived, true) then 'business.archive' else 'business.unarchive' end,
                        'location', v_row.id, private.location_json(v_before), private.location_json(v_row),
                        p_reason, v_row.id);
  return private.location_json(v_row);
end;
$$;
revoke execute on function app.admin_archive_location(text, boolean, text) from public;
grant execute on function app.admin_archive_location(text, boolean, text) to authenticated;

-- POST /api/admin/rewards: adds the welcome reward of a business that has none active.
create function app.admin_create_reward(p_location_id text, p_name text, p_description text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location public.locations;
  v_row public.rewards;
begin
  perform private.require_admin('Only admins can add rewards');
  perform private.check_reward_wording(p_name, p_description);
  select * into v_location from public.locations l where l.id = p_location_id for update;
  if not found then
    perform private.fail('404', 'Unknown location');
  end if;
  if v_location.archived_at is not null then
    perform private.fail('409', 'This business is archived: restore it first');
  end if;
  if exists (select 1 from public.rewards r
              where r.location_id = p_location_id and r.kind = 'welcome' and r.retired_at is null) then
    perform private.fail('409', 'This business already has a welcome reward: replace it instead');
  end if;
  insert into public.rewards (kind, location_id, name, description, scope)
  values ('welcome', p_location_id, btrim(p_name), coalesce(p_description, ''), 'location')
  returning * into v_row;
  perform private.audit('reward.create', 'reward', v_row.id::text, null, private.reward_json(v_row), null, p_location_id);
  return private.reward_json(v_row);
end;
$$;
revoke execute on function app.admin_create_reward(text, text, text) from public;
grant execute on function app.admin_create_reward(text, text, text) to authenticated;

-- PUT /api/admin/rewards/:rewardId: edits the wording of an active reward (welcome or tier).
-- The members who hold it see the new wording: it is the same reward.
create function app.admin_update_reward(p_reward_id uuid, p_name text, p_description text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.rewards;
  v_row public.rewards;
begin
  perform private.require_admin('Only admins can edit rewards');
  perform private.check_reward_wording(p_name, p_description);
  select * into v_before from public.rewards r where r.id = p_reward_id for update;
  if not found then
    perform private.fail('404', 'Unknown reward');
  end if;
  if v_before.retired_at is not null then
    perform private.fail('409', 'This reward is retired and can no longer be changed');
  end if;
  update public.rewards r set name = btrim(p_name), description = coalesce(p_description, '')
   where r.id = p_reward_id
  returning * into v_row;
  perform private.audit('reward.update', 'reward', v_row.id::text, private.reward_json(v_before),
                        private.reward_json(v_row), null, v_row.location_id);
  return private.reward_json(v_row);
end;
$$;
revoke execute on function app.admin_update_reward(uuid, text, text) from public;
grant execute on function app.admin_update_reward(uuid, text, text) to authenticated;

-- Retires an active welcome reward (the lock and checks shared by retire and replace).
create function private.retire_welcome_reward(p_reward_id uuid)
returns public.rewards
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.rewards;
begin
  select * into v_row from public.rewards r where r.id = p_reward_id for update;
  if not found then
    perform private.fail('404', 'Unknown reward');
  end if;
  if v_row.kind <> 'welcome' then
    perform private.fail('409', 'A tier reward is changed with its tier, not retired');
  end if;
  if v_row.retired_at is not null then
    perform private.fail('409', 'This reward is already retired');
  end if;
  update public.rewards r set retired_at = now() where r.id = p_reward_id returning * into v_row;
  return v_row;
end;
$$;
revoke execute on function private.retire_welcome_reward(uuid) from public;

-- POST /api/admin/rewards/:rewardId/retire: no one unlocks it any more; holders keep it.
create function app.admin_retire_reward(p_reward_id uuid, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.rewards;
  v_row public.rewards;
begin
  perform private.require_admin('Only admins can retire rewards');
  if length(coalesce(p_reason, '')) > 500 then
    perform private.fail('400', 'The reason is too long (up to 500 characters)');
  end if;
  select * into v_before from public.rewards r where r.id = p_reward_id;
  v_row := private.retire_welcome_reward(p_reward_id);
  perform private.audit('reward.retire', 'reward', v_row.id::text, private.reward_json(v_before),
                        private.reward_json(v_row), p_reason, v_row.location_id);
  return private.reward_json(v_row);
end;
$$;
revoke execute on function app.admin_retire_reward(uuid, text) from public;
grant execute on function app.admin_retire_reward(uuid, text) to authenticated;

-- POST /api/admin/rewards/:rewardId/replace: retires an active welcome reward and adds its
-- successor for the same business in one step. Returns the new reward.
create function app.admin_replace_reward(p_reward_id uuid, p_name text, p_description text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.rewards;
  v_old public.rewards;
  v_new public.rewards;
begin
  perform private.require_admin('Only admins can replace rewards');
  perform private.check_reward_wording(p_name, p_description);
  if length(coalesce(p_reason, '')) > 500 then
    perform private.fail('400', 'The reason is too long (up to 500 characters)');
  end if;
  select * into v_before from public.rewards r where r.id = p_reward_id;
  v_old := private.retire_welcome_reward(p_reward_id);
  if exists (select 1 from public.locations l where l.id = v_old.location_id and l.archived_at is not null) then
    perform private.fail('409', 'This business is archived: restore it first');
  end if;
  insert into public.rewards (kind, location_id, name, description, scope)
  values ('welcome', v_old.location_id, btrim(p_name), coalesce(p_description, ''), 'location')
  returning * into v_new;
  update public.rewards r set replaced_by = v_new.id where r.id = v_old.id returning * into v_old;
  perform private.audit('reward.replace', 'reward', v_old.id::text, private.reward_json(v_before),
                        jsonb_build_object('retired', private.reward_json(v_old), 'replacement', private.reward_json(v_new)),
                        p_reason, v_old.location_id);
  return private.reward_json(v_new);
end;
$$;
revoke execute on function app.admin_replace_reward(uuid, text, text, text) from public;
grant execute on function app.admin_replace_reward(uuid, text, text, text) to authenticated;

-- Guards: an archived business takes no new members, kiosk sessions or visits (whatever
-- function writes them). Its old rows stay; only inserts (and a kiosk moving to it) are refused.
create function private.refuse_archived_location()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_location_id text := coalesce(to_jsonb(new) ->> 'signup_location_id', to_jsonb(new) ->> 'location_id');
begin
  if v_location_id is not null and exists (
    select 1 from public.locations l where l.id = v_location_id and l.archived_at is not null
  ) then
    perform private.fail('404', 'Unknown location');
  end if;
  return new;
end;
$$;
revoke execute on function private.refuse_archived_location() from public;

create trigger customers_refuse_archived_location
  before insert on public.customers
  for each row execute function private.refuse_archived_location();
create trigger kiosk_sessions_refuse_archived_location
  before insert or update of location_id on public.kiosk_sessions
  for each row execute function private.refuse_archived_location();
create trigger visits_refuse_archived_location
  before insert on public.visits
  for each row execute function private.refuse_archived_location();
