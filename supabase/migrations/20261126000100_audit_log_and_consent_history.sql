-- Issue 21 §4: the audit log (append-only), private.audit. Issue 22: consent is a history
-- (granted, source) and private.record_sms_consent is the one place it changes after sign-up.
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

alter table public.consents alter column signup_channel drop not null;
alter table public.consents add column granted boolean not null default true;
alter table public.consents add column source text not null default 'signup'
  check (source in ('signup', 'account', 'sms_reply', 'admin'));
alter table public.consents add check (source <> 'signup' or signup_channel is not null);
drop index public.consents_customer_id_idx;
create index consents_customer_id_idx on public.consents (customer_id, channel, created_at desc);
-- Issue 22: the one place a customer's SMS consent changes after sign-up (their /account, an SMS
-- reply STOP / START, an admin's correction). Appends the consent row with the wording the member
-- saw (or the keyword they sent) and sets customers.sms_consent to it, under the customer's row
-- lock; a change to the value it already has records nothing. Returns whether it changed.
create function private.record_sms_consent(
  p_customer_id uuid, p_granted boolean, p_wording text, p_source text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_current boolean;
begin
  select c.sms_consent into v_current from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_current = p_granted then
    return false;
  end if;
  update public.customers c set sms_consent = p_granted where c.id = p_customer_id;
  insert into public.consents (customer_id, channel, wording, scope, granted, source)
  values (p_customer_id, 'sms',
          coalesce(nullif(btrim(coalesce(p_wording, '')), ''), private.default_sms_consent_wording()),
          private.consent_scope(), p_granted, p_source);
  return true;
end;
$$;
revoke execute on function private.record_sms_consent(uuid, boolean, text, text) from public;
