-- The record (issue 21 §4): every admin, owner and staff-management action — settings, catalogue,
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

create function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
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
