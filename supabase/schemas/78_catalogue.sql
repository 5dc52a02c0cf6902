-- The operator's catalogue: businesses and their welcome rewards are data that an
-- admin changes from /admin without SQL. Every change goes through one function here, which
-- validates it, makes it and appends exactly one row to private.audit_log in the same
-- transaction (target_type 'location' or 'reward'). The API roles have no direct insert,
-- update or delete on public.locations or public.rewards (10_programme.sql).
--
-- Businesses: the slug (public.locations.id) is chosen once, when the business is added: it is
-- in kiosk landings (/creamery), join links, QR payloads and every figure's history, so it does
-- not change. An archived business disappears from the public lists, its landing, join and
-- kiosk enrolment and takes no new members or visits (the guard triggers below); its history,
-- settlement lines and reports stay.
--
-- Rewards: a business has at most one active welcome reward. Retiring one stops new unlocks;
-- replacing one retires it and adds its successor in one step. Members keep what they hold
-- (their customer_rewards rows are untouched and stay redeemable). The welcome rule stays
-- "the first approved visit there" (app.approve_visit): that visit unlocks the business's
-- current welcome reward, and customer_rewards_one_welcome_per_business keeps a member who holds
-- the old one from ever getting the new one.

-- The first path segments of the site's own pages and of the stack, and words kept for pages to
-- come (RESERVED_SLUGS of contract/slugs.ts, derived from the paths the router is built from,
-- contract/pages.ts; a test keeps the two lists equal): a business slug may not take one, since
-- every business has its landing at /:slug.
create function private.reserved_slugs()
returns text[]
language sql immutable
set search_path = ''
as $$
  select array['admin', 'staff', 'account', 'mobile', 'business', 'businesses', 'join', 'privacy',
               'kiosk', 'kiosk-home', 'login', 'checkin', 'contact', 'how-it-works', 'api', 'auth',
               'rest', 'functions', 'storage', 'realtime', 'logos', 'assets', 'favicon', 'robots',
               'index', 'owner', 'audit', 'settings', 'report', 'programme', 'new', 'help', 'about',
               'terms', 'home', 'wallet', 'qr', 'otp', 'verify', 'logout', 'signup', 'welcome', 'goodbye', 'draws']
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
    'createdAt', p_reward.created_at, 'retiredAt', p_reward.retired_at, 'replacedBy', p_reward.replaced_by,
    'expiresAfterDays', p_reward.expires_after_days)
$$;
revoke execute on function private.reward_json(public.rewards) from public;

-- Validates a business's editable fields; raises LY400 with the first problem in plain words
-- (nothing hidden inside a text: private.refuse_hidden_characters).
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
  -- https://…, a path on this site, or the local stack's Storage (plain http on a developer's
  -- machine only: what `npm run dev` uploads to). The contract's IMAGE_URL_PATTERN says the same.
  if length(coalesce(p_logo_url, '')) > 500
     or (coalesce(p_logo_url, '') <> ''
         and p_logo_url !~ '^(https://[^\s]+|/[A-Za-z0-9._/-]+|http://(127\.0\.0\.1|localhost)(:[0-9]+)?/storage/v1/object/public/[^\s]+)$') then
    perform private.fail('400', 'The image address must start with https:// (or be left empty to use the icon)');
  end if;
  if p_icon is null or p_icon not in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store') then
    perform private.fail('400', 'Choose an icon from the list');
  end if;
  if p_color is null or p_color not in ('amber', 'pink', 'red', 'indigo', 'orange', 'purple', 'green', 'blue', 'yellow', 'slate') then
    perform private.fail('400', 'Choose a colour from the list');
  end if;
  perform private.refuse_hidden_characters(p_business_name, 'The name');
  perform private.refuse_hidden_characters(p_kind, 'The kind of business');
  perform private.refuse_hidden_characters(p_description, 'The description', true);
  perform private.refuse_hidden_characters(p_address, 'The address');
  perform private.refuse_hidden_characters(p_hours, 'The opening hours', true);
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
  perform private.refuse_hidden_characters(p_name, 'The reward''s name');
  perform private.refuse_hidden_characters(p_description, 'The description', true);
end;
$$;
revoke execute on function private.check_reward_wording(text, text) from public;

-- GET /api/admin/catalogue: every business (archived ones too) and every reward (retired ones
-- too), with how many members hold each reward unused (and how many let it expire), for the
-- Programme tab.
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
               -- Held unused now, unlocked ever, and expired unused (counted apart, never as held):
               -- private.reward_standing, the Rewards tab's figures.
               'holders', coalesce(st.held, 0),
               'unlocked', coalesce(st.unlocked, 0),
               'expired', coalesce(st.expired, 0))
             order by r.kind desc, l.sort_order, r.location_id, r.tier, r.retired_at nulls first, r.created_at), '[]'::jsonb)
        from public.rewards r
        left join public.locations l on l.id = r.location_id
        left join private.reward_standing() st on st.reward_id = r.id));
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
