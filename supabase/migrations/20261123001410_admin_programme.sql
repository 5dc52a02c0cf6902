-- The admin Rewards, Locations and Messages tabs (issue 14): the reward catalogue with its unlocks and redemptions per business, the six
-- businesses with visits, members, kiosks and staff, kiosk revocation, contact messages.

-- What a tier reward is worth to the business that honours it ($5 Silver, $10 Gold): the
-- settlement statement shares this cost among the businesses. Welcome rewards have no value
-- here: each is honoured only by the business that offers it, so it never crosses businesses.
alter table public.tiers add column reward_value_cents integer not null default 0 check (reward_value_cents >= 0);
update public.tiers set reward_value_cents = case name when 'Silver' then 500 when 'Gold' then 1000 else 0 end;

create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id);
create index customer_rewards_unlocked_at_idx on public.customer_rewards (unlocked_at);

-- A range for the admin tabs: 'all' (no bounds) or a dashboard range.
create function private.admin_range(p_range text, p_from date, p_to date)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
begin
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query select '-infinity'::timestamptz, 'infinity'::timestamptz;
    return;
  end if;
  return query select d.starts_at, d.ends_at from private.dashboard_range(p_range, p_from, p_to) d;
end;
$$;

-- The catalogue with, per reward and per business, the unlocks (where the unlocking visit
-- was; revoked unlocks not counted) and the redemptions (where it was honoured) in the range,
-- and how many are unlocked and still unused now.
create function app.admin_rewards(p_range text default 'all', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    with unlocks as (
      select cr.reward_id, coalesce(v.location_id, cr.welcome_location_id) as location_id, count(*) as n
        from public.customer_rewards cr
        left join public.visits v on v.id = cr.unlocked_by_visit_id
       where cr.status <> 'revoked' and cr.unlocked_at >= r.starts_at and cr.unlocked_at < r.ends_at
       group by 1, 2),
    redemptions as (
      select cr.reward_id, cr.redeemed_location_id as location_id, count(*) as n
        from public.customer_rewards cr
       where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
       group by 1, 2),
    outstanding as (
      select cr.reward_id, count(*) as n from public.customer_rewards cr where cr.status = 'unlocked' group by 1),
    per_business as (
      select rw.id as reward_id,
             jsonb_agg(jsonb_build_object('locationId', l.id, 'businessName', l.business_name,
                                          'unlocks', coalesce(u.n, 0), 'redemptions', coalesce(d.n, 0))
                       order by l.sort_order, l.id) as rows
        from public.rewards rw
        cross join public.locations l
        left join unlocks u on u.reward_id = rw.id and u.location_id = l.id
        left join redemptions d on d.reward_id = rw.id and d.location_id = l.id
       where rw.location_id is null or rw.location_id = l.id
       group by rw.id)
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', rw.id, 'name', rw.name, 'description', rw.description, 'kind', rw.kind, 'scope', rw.scope,
             'tier', rw.tier, 'locationId', rw.location_id, 'businessName', l.business_name,
             'valueCents', t.reward_value_cents,
             'unlocks', (select coalesce(sum(u.n), 0) from unlocks u where u.reward_id = rw.id),
             'redemptions', (select coalesce(sum(d.n), 0) from redemptions d where d.reward_id = rw.id),
             'outstanding', coalesce(o.n, 0),
             'byBusiness', coalesce(pb.rows, '[]'::jsonb))
           order by rw.kind desc, l.sort_order, t.min_points, rw.name), '[]'::jsonb)
      from public.rewards rw
      left join public.locations l on l.id = rw.location_id
      left join public.tiers t on t.name = rw.tier
      left join outstanding o on o.reward_id = rw.id
      left join per_business pb on pb.reward_id = rw.id);
end;
$$;

-- The six businesses for the Locations tab: approved visits and distinct visiting members in
-- the range, customers who joined there (ever), kiosks (enrolled or not), when the enrolment
-- code was last set, and the staff accounts (Auth users with app_metadata role 'staff' and this
-- location_id) with their phones. Security definer: staff live in auth.users.
create function app.admin_locations(p_range text default '7days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', l.id, 'businessName', l.business_name, 'kind', l.kind, 'icon', l.icon, 'color', l.color,
             'visits', coalesce(v.visits, 0), 'members', coalesce(v.members, 0),
             'signups', (select count(*) from public.customers c where c.signup_location_id = l.id),
             'kiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id),
             'enrolledKiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id and k.enrolled_at is not null),
             'enrolmentCodeSetAt', (select e.set_at from private.location_enrolment_codes e where e.location_id = l.id),
             'staff', (select coalesce(jsonb_agg(jsonb_build_object(
                                'userId', u.id, 'phone', right(u.phone, 10), 'lastSignInAt', u.last_sign_in_at)
                              order by u.phone), '[]'::jsonb)
                         from auth.users u
                        where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = l.id))
           order by l.sort_order, l.id), '[]'::jsonb)
      from public.locations l
      left join (
        select x.location_id, count(*) as visits, count(distinct x.customer_id) as members
          from public.visits x
         where x.status = 'approved' and x.created_at >= r.starts_at and x.created_at < r.ends_at
         group by x.location_id
      ) v on v.location_id = l.id);
end;
$$;

-- A location's kiosks, newest first. signedIn: the device still holds a live Auth session.
create function app.admin_kiosks(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage kiosks');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', k.id, 'locationId', k.location_id, 'enrolled', k.enrolled_at is not null,
             'enrolledAt', k.enrolled_at, 'deviceFingerprint', k.device_fingerprint,
             'createdAt', k.created_at, 'lastSeenAt', k.last_seen_at,
             'signedIn', exists (select 1 from auth.sessions s where s.user_id = k.user_id))
           order by k.last_seen_at desc, k.id), '[]'::jsonb)
      from public.kiosk_sessions k
     where k.location_id = p_location_id);
end;
$$;

-- Revokes a kiosk (lost or stolen device): its enrolment is dropped and its Auth sessions are
-- ended, so its token is refused at once (the api checks the session) and it cannot refresh.
-- To use the device again staff sign it in anew and enrol it with the current code; rotate
-- the code when the device may have kept it.
create function app.revoke_kiosk(p_kiosk_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  k public.kiosk_sessions;
begin
  perform private.require_admin('Only admins can manage kiosks');
  update public.kiosk_sessions x set enrolled_at = null where x.id = p_kiosk_id returning * into k;
  if not found then
    perform private.fail('404', 'Unknown kiosk');
  end if;
  delete from auth.sessions s where s.user_id = k.user_id;
  return jsonb_build_object('id', k.id, 'locationId', k.location_id, 'revoked', true);
end;
$$;

-- Contact messages from the public site, newest first, a page at a time, with the total.
create function app.admin_contact_messages(p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read messages');
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.contact_messages),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'email', m.email,
                                                   'subject', m.subject, 'message', m.message, 'createdAt', m.created_at)
             order by m.created_at desc, m.id), '[]'::jsonb)
        from (select * from public.contact_messages x order by x.created_at desc, x.id
               limit p_limit offset (p_page - 1)::bigint * p_limit) m));
end;
$$;

revoke execute on function
  private.admin_range(text, date, date),
  app.admin_rewards(text, date, date),
  app.admin_locations(text, date, date),
  app.admin_kiosks(text),
  app.revoke_kiosk(uuid),
  app.admin_contact_messages(integer, integer)
from public;
grant execute on function
  private.admin_range(text, date, date),
  app.admin_rewards(text, date, date),
  app.admin_locations(text, date, date),
  app.admin_kiosks(text),
  app.revoke_kiosk(uuid),
  app.admin_contact_messages(integer, integer)
to authenticated;
