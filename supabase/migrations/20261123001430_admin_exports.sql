-- CSV exports of the admin Exports tab (issue 14). Set-returning functions, read by the api
-- through a cursor a batch at a time (supabase/functions/_shared/stream.ts). Security invoker:
-- RLS applies, and the admin check refuses anyone else before the first row.

-- Customers matching the Customers tab's filters (range 'all' by default), oldest first, with
-- their consent flags and the SMS consent they gave: the wording shown, its scope and when.
create function app.admin_export_customers(p_search text default null, p_location_id text default null,
                                           p_range text default 'all', p_from date default null,
                                           p_to date default null)
returns table (
  id uuid, name text, phone text, email text, total_points integer, tier text, total_visits integer,
  last_visit_at timestamptz, joined_at timestamptz, signup_channel text, signup_location_id text,
  sms_consent boolean, email_consent boolean, sms_consent_wording text, sms_consent_scope text,
  sms_consent_given_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can export customers');
  perform private.require_location(p_location_id);
  return query
    select c.id, c.name, right(c.phone, 10), c.email, c.total_points, private.tier_for(c.total_points) ->> 'name',
           c.visit_count, c.last_visit_at, c.created_at, c.signup_channel, c.signup_location_id,
           c.sms_consent, c.email_consent, k.wording, k.scope, k.created_at
      from public.customers c
      left join lateral (
        select x.wording, x.scope, x.created_at from public.consents x
         where x.customer_id = c.id and x.channel = 'sms'
         order by x.created_at desc, x.id limit 1) k on true
     where c.id in (select f.id from private.admin_customer_ids(p_search, p_location_id, p_range, p_from, p_to) f)
     order by c.created_at, c.id;
end;
$$;

-- Visits in a dashboard range (and at a location), oldest first, voided ones included and marked.
create function app.admin_export_visits(p_location_id text default null, p_range text default '7days',
                                        p_from date default null, p_to date default null)
returns table (
  visit_id uuid, visited_at timestamptz, location_id text, business_name text, customer_id uuid,
  customer_name text, points integer, approved_via text, status text, voided_at timestamptz, void_reason text)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can export visits');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select v.id, v.created_at, v.location_id, l.business_name, v.customer_id, c.name, v.points,
           v.approved_via, v.status, v.voided_at, v.void_reason
      from public.visits v
      join public.locations l on l.id = v.location_id
      join public.customers c on c.id = v.customer_id
     where v.created_at >= r.starts_at and v.created_at < r.ends_at
       and (p_location_id is null or v.location_id = p_location_id)
     order by v.created_at, v.id;
end;
$$;

revoke execute on function
  app.admin_export_customers(text, text, text, date, date),
  app.admin_export_visits(text, text, date, date)
from public;
grant execute on function
  app.admin_export_customers(text, text, text, date, date),
  app.admin_export_visits(text, text, date, date)
to authenticated;
