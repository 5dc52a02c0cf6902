-- The record: every admin, owner and staff-management action — settings, catalogue,
-- people, voids, adjustments, suspensions, erasures, enrolment codes, kiosk revocations,
-- campaigns — appends one row here, in the same transaction as the change it records: who, when,
-- what, on what, before and after, and the reason given. Append-only like the points ledger: a
-- trigger refuses update, delete and truncate, for every role including the table's owner.

create table private.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Who: the Auth user and the role they acted as (admin, owner, staff, member, system), and their
  -- phone as it was then (no foreign key: the record outlives the user it names).
  actor_id uuid,
  actor_role text not null check (actor_role in ('admin', 'owner', 'staff', 'member', 'kiosk', 'system')),
  actor_phone text,
  -- What: a dotted action name ('business.create', 'reward.retire', 'member.forget', ...).
  action text not null check (action ~ '^[a-z_]+(\.[a-z_]+)+$' and length(action) <= 80),
  -- On what: a kind of thing and its id ('location' / 'creamery', 'customer' / uuid, ...).
  target_type text not null check (target_type ~ '^[a-z_]+$' and length(target_type) <= 40),
  target_id text check (length(target_id) <= 200),
  -- The business the action concerns, when it concerns one (owners read their business's rows).
  location_id text,
  before jsonb,
  after jsonb,
  reason text check (length(reason) <= 500)
);
alter table private.audit_log enable row level security;
revoke all on private.audit_log from anon, authenticated;
create index audit_log_at_idx on private.audit_log (at desc, id desc);
create index audit_log_action_idx on private.audit_log (action, at desc);
create index audit_log_target_idx on private.audit_log (target_type, target_id, at desc);
create index audit_log_actor_id_idx on private.audit_log (actor_id, at desc);
create index audit_log_location_id_idx on private.audit_log (location_id, at desc);

-- Triggers on private.audit_log, declared beside their functions in later files:
--   audit_log_refuse_hidden_characters (20_customers.sql)  no hidden characters in a reason

-- The one edit it takes is an erasure, inside private.forget_customer (which sets
-- private.erasing for its transaction): the phone of the actor, the target's id, the reason and
-- before/after may lose a forgotten member's name and phone; who, when, what and where stay.
create function private.refuse_audit_change()
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
revoke execute on function private.refuse_audit_change() from public;

create trigger audit_log_append_only
  before update or delete on private.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate
  before truncate on private.audit_log
  for each statement execute function private.refuse_audit_change();

-- Appends one row for the calling user (auth.uid(), their role as private.actor_role() says it,
-- or p_actor_role when a function acts for a role the claims do not carry, e.g. 'owner'; 'system'
-- when there is no caller). Returns the row's id. Called by the app functions that make a change,
-- after the change, in its transaction: a change that rolls back leaves no record.
create function private.audit(
  p_action text,
  p_target_type text,
  p_target_id text,
  p_before jsonb default null,
  p_after jsonb default null,
  p_reason text default null,
  p_location_id text default null,
  p_actor_role text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into private.audit_log (actor_id, actor_role, actor_phone, action, target_type, target_id,
                                 location_id, before, after, reason)
  values (auth.uid(),
          coalesce(p_actor_role, private.actor_role(), 'system'),
          private.jwt_phone(),
          p_action, p_target_type, p_target_id, p_location_id, p_before, p_after,
          nullif(btrim(coalesce(p_reason, '')), ''))
  returning id into v_id;
  return v_id;
end;
$$;
revoke execute on function private.audit(text, text, text, jsonb, jsonb, text, text, text) from public;

-- The Audit view: the log newest first, a page at a time, with the total and the
-- action names there are (for the filter). Filters: p_action an action ('staff.grant') or its kind
-- ('staff'); p_actor a role ('admin', 'owner', 'system', ...) or digits of the actor's phone;
-- p_target the target's id or part of it; p_location_id one business; p_from / p_to days in the
-- programme's time zone, both included. Admins read every row; an owner reads only the rows of
-- their business and must name it (403 for another business or for all of them), and sees the
-- operator by role and name only: an admin's phone is neither shown to an owner nor matched by
-- an owner's phone filter.
create function app.admin_audit(p_action text default null, p_actor text default null, p_target text default null,
                                p_location_id text default null, p_from date default null, p_to date default null,
                                p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_zone text := private.programme_time_zone();
  v_action text := nullif(lower(btrim(coalesce(p_action, ''))), '');
  v_actor text := nullif(lower(btrim(coalesce(p_actor, ''))), '');
  v_digits text;
  v_target text := nullif(btrim(coalesce(p_target, '')), '');
  v_admin boolean := private.is_admin();
begin
  perform private.require_owner_of(p_location_id, 'Only admins and business owners can read the audit log');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    perform private.fail('400', 'The start date is after the end date');
  end if;
  if length(coalesce(v_action, '')) > 80 or length(coalesce(v_actor, '')) > 40 or length(coalesce(v_target, '')) > 200 then
    perform private.fail('400', 'A filter is too long');
  end if;
  v_digits := nullif(regexp_replace(coalesce(v_actor, ''), '[^0-9]', '', 'g'), '');
  return (
    with rows as (
      select a.*
        from private.audit_log a
       where (p_location_id is null or a.location_id = p_location_id)
         and (v_action is null or a.action = v_action or a.action like v_action || '.%')
         and (v_actor is null or a.actor_role = v_actor
              or (v_digits is not null and a.actor_phone like '%' || v_digits || '%'
                  and (v_admin or a.actor_role <> 'admin')))
         and (v_target is null or a.target_id ilike private.like_contains(v_target))
         and (p_from is null or a.at >= p_from::timestamp at time zone v_zone)
         and (p_to is null or a.at < (p_to + 1)::timestamp at time zone v_zone))
    select jsonb_build_object(
      'total', (select count(*) from rows),
      'actions', (select coalesce(jsonb_agg(x.action order by x.action), '[]'::jsonb)
                    from (select distinct a.action from private.audit_log a
                           where p_location_id is null or a.location_id = p_location_id) x),
      'entries', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', e.id, 'at', e.at, 'actorId', e.actor_id, 'actorRole', e.actor_role,
                 'actorName', (select nullif(btrim(u.raw_user_meta_data ->> 'name'), '') from auth.users u
                                where u.id = e.actor_id),
                 'actorPhone', case when v_admin or e.actor_role <> 'admin' then right(e.actor_phone, 10) end,
                 'action', e.action, 'targetType', e.target_type,
                 'targetId', e.target_id, 'locationId', e.location_id, 'before', e.before, 'after', e.after,
                 'reason', e.reason)
               order by e.at desc, e.id desc), '[]'::jsonb)
          from (select * from rows r order by r.at desc, r.id desc
                 limit p_limit offset (p_page - 1)::bigint * p_limit) e)));
end;
$$;
revoke execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) from public;
grant execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) to authenticated;
