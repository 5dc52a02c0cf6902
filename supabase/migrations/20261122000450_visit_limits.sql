-- The field's abuse limits on check-ins (issue 11 §3), decided in SQL under the customer's row
-- lock so that parallel approvals cannot slip past them. Settings: private.settings columns
-- min_visit_interval (per business, 60 min), min_visit_gap_anywhere (1 min) and
-- max_visits_per_hour (4); 0 turns a limit off. The velocity flag is in the next file.

-- Refuses (LY429, hint = Retry-After seconds) a visit that breaks a time limit. The caller holds
-- the customer's row lock. clock_timestamp(), not now(): a transaction that waited for the lock
-- may have started before the visit it now sees was made.
create function private.check_visit_limits(p_customer_id uuid, p_location_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.settings;
  v_now timestamptz := clock_timestamp();
  v_wait interval;
  v_oldest timestamptz;
begin
  select * into v_settings from private.settings s where s.id;

  if v_settings.min_visit_interval > interval '0' then
    select max(v.created_at) + v_settings.min_visit_interval - v_now into v_wait
      from public.visits v
     where v.customer_id = p_customer_id and v.location_id = p_location_id and v.status = 'approved';
    if v_wait > interval '0' then
      perform private.fail('429', 'This visit was already approved recently',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.min_visit_gap_anywhere > interval '0' then
    select max(v.created_at) + v_settings.min_visit_gap_anywhere - v_now into v_wait
      from public.visits v
     where v.customer_id = p_customer_id and v.status = 'approved';
    if v_wait > interval '0' then
      perform private.fail('429', 'Another visit of this member was approved a moment ago',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.max_visits_per_hour > 0 then
    -- The visit that must leave the last hour before another fits.
    select v.created_at into v_oldest
      from public.visits v
     where v.customer_id = p_customer_id and v.status = 'approved' and v.created_at > v_now - interval '1 hour'
     order by v.created_at desc
    offset v_settings.max_visits_per_hour - 1
     limit 1;
    if found then
      perform private.fail('429', 'This member has reached the visits allowed in an hour',
                           greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - v_now)))::integer::text);
    end if;
  end if;
end;
$$;

-- Staff and admins do not approve visits or redeem rewards for themselves: not on a customer
-- row linked to their own user, nor on one with their own phone (LY403).
create function private.refuse_own_account(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.app_role() is not null and exists (
    select 1 from public.customers c
     where c.id = p_customer_id and (c.user_id = auth.uid() or c.phone = private.jwt_phone())
  ) then
    perform private.fail('403', 'Staff cannot approve visits or redeem rewards on their own account');
  end if;
end;
$$;

revoke execute on function private.check_visit_limits(uuid, text), private.refuse_own_account(uuid) from public;
