-- Forgetting a member reaches everything that still named them: the phones they had before
-- (private.customer_former_phones, filled from now on by a trigger and, for changes made before,
-- from the phone-change notices in the outbox), their texts' event keys, clerks' idempotent
-- answers, reasons in the ledger, voids and audit log (whose append-only triggers now take this
-- one erasure), contact messages, sign-in codes, request counters, staff-grant history, earlier
-- Auth users, Auth's own log and the local SMS outbox. A forgotten member's unused rewards no
-- longer count as outstanding, nor as held in the catalogue.


create table private.customer_former_phones (
  customer_id uuid not null references public.customers (id) on delete cascade,
  phone text not null check (phone ~ '^\+1[2-9][0-9]{9}$'),
  replaced_at timestamptz not null default now(),
  primary key (customer_id, phone)
);
alter table private.customer_former_phones enable row level security;
revoke all on private.customer_former_phones from anon, authenticated, service_role;

create or replace function private.remember_former_phone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.customer_former_phones (customer_id, phone)
  values (new.id, old.phone)
  on conflict (customer_id, phone) do update set replaced_at = excluded.replaced_at;
  return null;
end;
$$;
revoke execute on function private.remember_former_phone() from public;

create trigger customers_remember_former_phone
  after update of phone on public.customers
  for each row when (old.phone is not null and new.phone is not null and old.phone <> new.phone)
  execute function private.remember_former_phone();

create or replace function private.phone_pattern(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '(?<![0-9])(\+?1[[:space:]().+/-]{0,3}|\()?'
         || array_to_string(regexp_split_to_array(right(regexp_replace(p_phone, '[^0-9]', '', 'g'), 10), ''),
                            '[[:space:]().+/-]{0,3}')
         || '(?![0-9])'
$$;
revoke execute on function private.phone_pattern(text) from public;

create or replace function private.word_patterns(p_text text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct '(?<![[:alnum:]])'
                             || regexp_replace(w, '([^[:alnum:][:space:]])', '\\\1', 'g')
                             || '(?![[:alnum:]])'), '{}')
    from (select btrim(p_text) as w
          union all
          select t from regexp_split_to_table(btrim(p_text), '[[:space:]]+') t) x
   where char_length(w) >= 2
$$;
revoke execute on function private.word_patterns(text) from public;

create or replace function private.forget_patterns(p_customer public.customers)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.word_patterns(p_customer.name)
         || coalesce(private.word_patterns(p_customer.email), '{}')
         || array(select private.phone_pattern(p.phone)
                    from (select p_customer.phone as phone
                          union
                          select f.phone from private.customer_former_phones f
                           where f.customer_id = p_customer.id) p
                   where p.phone is not null)
$$;
revoke execute on function private.forget_patterns(public.customers) from public;

create or replace function private.forget_text(p_text text, p_patterns text[])
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := p_text;
  v_pattern text;
begin
  if v is null then
    return null;
  end if;
  foreach v_pattern in array coalesce(p_patterns, '{}') loop
    v := regexp_replace(v, v_pattern, '[forgotten]', 'gi');
  end loop;
  return v;
end;
$$;
revoke execute on function private.forget_text(text, text[]) from public;

create or replace function private.forget_jsonb(p_doc jsonb, p_name text, p_patterns text[])
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  case jsonb_typeof(p_doc)
    when 'object' then
      return (select coalesce(jsonb_object_agg(e.key, private.forget_jsonb(e.value, p_name, p_patterns)), '{}'::jsonb)
                from jsonb_each(p_doc) e);
    when 'array' then
      return (select coalesce(jsonb_agg(private.forget_jsonb(e.value, p_name, p_patterns) order by e.n), '[]'::jsonb)
                from jsonb_array_elements(p_doc) with ordinality e (value, n));
    when 'string' then
      if p_doc #>> '{}' = p_name then
        return to_jsonb('Forgotten member'::text);
      end if;
      return to_jsonb(private.forget_text(p_doc #>> '{}', p_patterns));
    else
      return p_doc;
  end case;
end;
$$;
revoke execute on function private.forget_jsonb(jsonb, text, text[]) from public;

create or replace function private.forget_customer(p_customer_id uuid, p_reason text, p_actor text)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.customers;
  v_role text;
  v_phones text[];
  v_erase text[];
  v_all text[];
  v_erase_patterns text[];
  v_member_phones text[];
  v_users uuid[];
begin
  select * into v_before from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  if v_before.forgotten_at is not null then
    perform private.fail('409', 'This member was already forgotten');
  end if;
  if p_actor not in ('admin', 'member') then
    perform private.fail('400', 'Unknown actor');
  end if;

  -- Every phone of theirs; those that are now another member's or a role's are erased only
  -- where they speak of this member.
  v_phones := array(select p.phone
                      from (select v_before.phone as phone
                            union
                            select f.phone from private.customer_former_phones f where f.customer_id = p_customer_id) p
                     where p.phone is not null);
  v_erase := array(select p from unnest(v_phones) p
                    where not exists (select 1 from public.customers c where c.phone = p and c.id <> p_customer_id)
                      and not exists (select 1 from private.staff_grants g where to_jsonb(g) ->> 'phone' = p)
                      and not exists (select 1 from auth.users u
                                       where u.phone = ltrim(p, '+') and u.raw_app_meta_data ->> 'role' is not null));
  v_all := private.forget_patterns(v_before);
  v_erase_patterns := array(select private.phone_pattern(p) from unnest(v_erase) p);
  v_member_phones := array(select private.phone_pattern(p) from unnest(v_phones) p);
  perform set_config('private.erasing', 'on', true);

  update public.customers c
     set name = 'Forgotten member', phone = null, email = null, user_id = null,
         sms_consent = false, email_consent = false, forgotten_at = now(),
         suspended_at = null, suspension_reason = null
   where c.id = p_customer_id;
  update public.consents k set wording = 'Erased when the member was forgotten' where k.customer_id = p_customer_id;

  delete from public.checkin_tokens t where t.customer_id = p_customer_id and t.used_at is null;
  delete from private.redemption_codes rc
   where rc.used_at is null
     and rc.customer_reward_id in (select cr.id from public.customer_rewards cr where cr.customer_id = p_customer_id);

  -- Texts: a phone-change notice's key names both numbers; a provider's message id or error may
  -- carry the number it went to.
  update private.texts t
     set event_key = case when t.event_key ~* any(v_all) then t.kind || ':' || t.customer_id || ':erased:' || t.id
                          else t.event_key end,
         body = left(private.forget_text(t.body, v_all), 480),
         error = left(private.forget_text(t.error, v_all), 500),
         provider_id = private.forget_text(t.provider_id, v_all),
         updated_at = now()
   where t.customer_id = p_customer_id
     and (t.event_key ~* any(v_all) or t.body ~* any(v_all) or coalesce(t.error ~* any(v_all), false)
          or coalesce(t.provider_id ~* any(v_all), false));

  -- A clerk's retry with the same key answers the erased result.
  update private.idempotency_keys k
     set request = private.forget_jsonb(k.request, v_before.name, v_all),
         result = private.forget_jsonb(k.result, v_before.name, v_all)
   where strpos(k.request::text, p_customer_id::text) > 0 or strpos(k.result::text, p_customer_id::text) > 0
      or k.result::text ~ any(v_erase_patterns);

  update public.points_ledger e
     set reason = left(private.forget_text(e.reason, v_all), 500)
   where e.customer_id = p_customer_id and e.reason ~* any(v_all);
  update public.visits v
     set void_reason = left(private.forget_text(v.void_reason, v_all), 500)
   where v.customer_id = p_customer_id and v.void_reason ~* any(v_all);

  -- The audit log: rows about the member lose every trace of them; any row, the phones erased.
  with about as (
    select a.id,
           (a.target_id = p_customer_id::text
            or a.target_id in (select v.id::text from public.visits v where v.customer_id = p_customer_id)
            or a.target_id in (select cr.id::text from public.customer_rewards cr where cr.customer_id = p_customer_id)
            or strpos(coalesce(a.before::text, ''), p_customer_id::text) > 0
            or strpos(coalesce(a.after::text, ''), p_customer_id::text) > 0) as concerns
      from private.audit_log a)
  update private.audit_log a
     set actor_phone = case when a.actor_phone ~ any(v_erase_patterns)
                              or (a.actor_role = 'member' and a.actor_phone ~ any(v_member_phones))
                            then null else a.actor_phone end,
         target_id = case when a.target_id ~ any(case when x.concerns then v_all else v_erase_patterns end)
                          then null else a.target_id end,
         reason = left(private.forget_text(a.reason, case when x.concerns then v_all else v_erase_patterns end), 500),
         before = private.forget_jsonb(a.before, case when x.concerns then v_before.name end,
                                       case when x.concerns then v_all else v_erase_patterns end),
         after = private.forget_jsonb(a.after, case when x.concerns then v_before.name end,
                                      case when x.concerns then v_all else v_erase_patterns end)
    from about x
   where x.id = a.id
     and (x.concerns or a.actor_phone ~ any(v_erase_patterns) or a.target_id ~ any(v_erase_patterns)
          or a.reason ~ any(v_erase_patterns) or a.before::text ~ any(v_erase_patterns)
          or a.after::text ~ any(v_erase_patterns));

  delete from public.contact_messages m
   where (v_before.email is not null and lower(m.email) = lower(v_before.email))
      or m.name ~ any(v_member_phones) or m.email ~ any(v_member_phones)
      or coalesce(m.subject ~ any(v_member_phones), false) or m.message ~ any(v_member_phones);

  delete from private.sign_in_codes s where s.phone = any(v_erase);
  delete from private.rate_limit_hits h where h.key ~ any(v_erase_patterns);
  update private.staff_grant_events e set phone = 'erased' where e.phone = any(v_erase);
  delete from private.customer_former_phones f where f.customer_id = p_customer_id;

  if v_before.user_id is not null then
    select u.raw_app_meta_data ->> 'role' into v_role from auth.users u where u.id = v_before.user_id;
    if v_role is not null then
      delete from auth.sessions s where s.user_id = v_before.user_id;
    end if;
  end if;
  -- Their Auth users: the one linked now and any left on a former phone (an admin's correction
  -- unlinks it), unless it holds a role or another member is linked to it.
  v_users := array(select u.id from auth.users u
                    where (u.id = v_before.user_id or u.phone = any(array(select ltrim(p, '+') from unnest(v_erase) p)))
                      and u.raw_app_meta_data ->> 'role' is null
                      and not exists (select 1 from public.customers c where c.user_id = u.id));
  -- Auth's own log of sign-ins names the user and their phone (hosted projects have it).
  if to_regclass('auth.audit_log_entries') is not null then
    execute 'delete from auth.audit_log_entries e
              where (e.payload::jsonb ->> ''actor_id'') = any($1) or e.payload::text ~ any($2)'
      using v_users::text[], v_erase_patterns;
  end if;
  -- Its sessions and refresh tokens go with it (on delete cascade).
  delete from auth.users u where u.id = any(v_users);
  -- The local stack's SMS outbox and pending codes (dev/auth), where a hosted project has none.
  if to_regclass('auth_dev.sms_outbox') is not null then
    execute 'delete from auth_dev.sms_outbox o where o.phone ~ any($1)' using v_erase_patterns;
    execute 'delete from auth_dev.sms_codes c where c.phone ~ any($1)' using v_erase_patterns;
  end if;

  perform set_config('private.erasing', 'off', true);
  return v_before;
end;
$$;

create or replace function app.admin_forget_customer(p_customer_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_row public.customers;
  v_patterns text[];
begin
  perform private.require_admin('Only admins can forget members');
  v_reason := private.admin_reason(p_reason);
  select * into v_row from public.customers c where c.id = p_customer_id;
  v_patterns := private.forget_patterns(v_row);
  perform private.forget_customer(p_customer_id, v_reason, 'admin');
  v_reason := left(private.forget_text(v_reason, v_patterns), 500);
  select * into v_row from public.customers c where c.id = p_customer_id;
  perform private.audit('member.forget', 'customer', p_customer_id::text, null,
                        jsonb_build_object('forgottenAt', v_row.forgotten_at), v_reason, null, 'admin');
  return private.member_record_json(v_row);
end;
$$;

create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_setting('private.erasing', true) = 'on'
     and to_jsonb(new) - array['actor_phone', 'target_id', 'reason', 'before', 'after']
         = to_jsonb(old) - array['actor_phone', 'target_id', 'reason', 'before', 'after']
     and (new.actor_phone is null or new.actor_phone = old.actor_phone) then
    return new;
  end if;
  raise exception using errcode = 'LY403', message = 'The audit log is append-only';
end;
$$;

create or replace function private.refuse_ledger_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_setting('private.erasing', true) = 'on'
     and to_jsonb(new) - 'reason' = to_jsonb(old) - 'reason' then
    return new;
  end if;
  raise exception using errcode = 'LY403', message = 'The points ledger is append-only';
end;
$$;

create or replace function app.admin_rewards(p_range text default 'all', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    with
    -- Every day of the rollup summed per reward and business (all time: nothing is outside it).
    totals as (
      select d.reward_id, d.location_id,
             sum(d.n) filter (where d.kind = 'unlocks') as unlocks,
             sum(d.n) filter (where d.kind = 'redemptions') as redemptions
        from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
       where d.kind in ('unlocks', 'redemptions')
       group by 1, 2),
    counts as (
      select * from totals where r.starts_at = '-infinity' and r.ends_at = 'infinity'
      union all
      select c.reward_id, c.location_id,
             sum(c.n) filter (where c.kind = 'unlocks') as unlocks,
             sum(c.n) filter (where c.kind = 'redemptions') as redemptions
        from private.rollup_counts(r.starts_at, r.ends_at, array['unlocks', 'redemptions']) c
       where not (r.starts_at = '-infinity' and r.ends_at = 'infinity')
       group by 1, 2),
    -- Unlocked and not used now: every unrevoked unlock ever, less every redemption ever, less
    -- the unused rewards of forgotten members (nobody can use them any more).
    forgotten_unused as (
      select cr.reward_id, count(*) as n
        from public.customers c
        join public.customer_rewards cr on cr.customer_id = c.id
       where c.forgotten_at is not null and cr.status = 'unlocked'
       group by 1),
    outstanding as (
      select t.reward_id, coalesce(sum(t.unlocks), 0) - coalesce(sum(t.redemptions), 0)
               - coalesce(max(f.n), 0) as n
        from totals t
        left join forgotten_unused f on f.reward_id = t.reward_id
       group by 1),
    per_business as (
      select rw.id as reward_id,
             jsonb_agg(jsonb_build_object('locationId', l.id, 'businessName', l.business_name,
                                          'unlocks', coalesce(c.unlocks, 0), 'redemptions', coalesce(c.redemptions, 0))
                       order by l.sort_order, l.id) as rows
        from public.rewards rw
        cross join public.locations l
        left join counts c on c.reward_id = rw.id and c.location_id = l.id
       where rw.location_id is null or rw.location_id = l.id
       group by rw.id)
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', rw.id, 'name', rw.name, 'description', rw.description, 'kind', rw.kind, 'scope', rw.scope,
             'tier', rw.tier, 'locationId', rw.location_id, 'businessName', l.business_name,
             'valueCents', t.reward_value_cents,
             'unlocks', (select coalesce(sum(c.unlocks), 0) from counts c where c.reward_id = rw.id),
             'redemptions', (select coalesce(sum(c.redemptions), 0) from counts c where c.reward_id = rw.id),
             'unattributedRedemptions', (select coalesce(sum(c.redemptions), 0) from counts c
                                          where c.reward_id = rw.id and c.location_id = ''),
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

create or replace function app.admin_catalogue()
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
                             join public.customers c on c.id = cr.customer_id
                            where cr.reward_id = r.id and cr.status = 'unlocked' and c.forgotten_at is null),
               'unlocked', (select count(*) from public.customer_rewards cr
                             where cr.reward_id = r.id and cr.status <> 'revoked'))
             order by r.kind desc, l.sort_order, r.location_id, r.tier, r.retired_at nulls first, r.created_at), '[]'::jsonb)
        from public.rewards r
        left join public.locations l on l.id = r.location_id));
end;
$$;

create or replace function app.my_data_export()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.customers;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  select * into c from public.customers x where x.user_id = auth.uid();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return jsonb_build_object(
    'exportedAt', now(),
    'programme', 'Village Rewards',
    'member', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
      'smsConsent', c.sms_consent, 'emailConsent', c.email_consent,
      'totalPoints', c.total_points, 'tier', private.tier_for(c.total_points) ->> 'name',
      'visitCount', c.visit_count, 'lastVisitAt', c.last_visit_at,
      'joinedAt', c.created_at, 'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'suspendedAt', c.suspended_at),
    'formerPhones', (
      select coalesce(jsonb_agg(jsonb_build_object('phone', f.phone, 'replacedAt', f.replaced_at)
             order by f.replaced_at, f.phone), '[]'::jsonb)
        from private.customer_former_phones f where f.customer_id = c.id),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'granted', k.granted, 'source', k.source,
               'wording', k.wording, 'scope', k.scope, 'createdAt', k.created_at)
             order by k.created_at, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'status', v.status, 'createdAt', v.created_at, 'voidedAt', v.voided_at)
             order by v.created_at, v.id), '[]'::jsonb)
        from public.visits v join public.locations l on l.id = v.location_id
       where v.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'reason', e.reason, 'createdAt', e.created_at)
             order by e.id), '[]'::jsonb)
        from public.points_ledger e where e.customer_id = c.id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'name', coalesce(r.name, 'Removed reward'), 'status', cr.status,
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at, cr.id), '[]'::jsonb)
        from public.customer_rewards cr left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id));
end;
$$;

-- The few forgotten members, whose unused rewards no longer count as outstanding.
create index customers_forgotten_idx on public.customers (id) where forgotten_at is not null;

-- Phones changed before this migration: each change queued a notice to the old number.
insert into private.customer_former_phones (customer_id, phone, replaced_at)
select t.customer_id, t.phone, max(t.created_at)
  from private.texts t
  join public.customers c on c.id = t.customer_id
 where t.kind = 'phone_changed' and t.phone is not null and c.phone is distinct from t.phone
 group by 1, 2
on conflict do nothing;
