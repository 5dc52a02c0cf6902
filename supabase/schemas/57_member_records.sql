-- Member records and member self-service: an admin corrects a name or
-- a phone, suspends and unsuspends, forgets; a member edits their name, proves a new phone by
-- code, turns texts on and off, downloads their data and deletes their account. Forgetting is one
-- function for both doors (private.forget_customer). Each admin action writes one audit row.

-- The refusal a suspended (or forgotten) member meets at every door that checks in or redeems
-- is private.refuse_inactive_member (20_customers.sql); the tables' BEFORE triggers below call it,
-- so no check-in or redemption path can skip it.

-- Triggers: a check-in token issued, a visit recorded, a redemption code made, a reward redeemed.
create function private.refuse_inactive_member_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refuse_inactive_member(new.customer_id);
  return new;
end;
$$;
revoke execute on function private.refuse_inactive_member_row() from public;

create function private.refuse_inactive_member_code()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refuse_inactive_member(
    (select cr.customer_id from public.customer_rewards cr where cr.id = new.customer_reward_id));
  return new;
end;
$$;
revoke execute on function private.refuse_inactive_member_code() from public;

create trigger checkin_tokens_member_active
  before insert on public.checkin_tokens
  for each row execute function private.refuse_inactive_member_row();
create trigger visits_member_active
  before insert on public.visits
  for each row when (new.status = 'approved')
  execute function private.refuse_inactive_member_row();
create trigger customer_rewards_redeem_member_active
  before update of status on public.customer_rewards
  for each row when (new.status = 'redeemed' and old.status is distinct from 'redeemed')
  execute function private.refuse_inactive_member_row();
create trigger redemption_codes_member_active
  before insert on private.redemption_codes
  for each row execute function private.refuse_inactive_member_code();

-- The phones a member had before their current one (an admin's correction, or their own change
-- on /account). Kept only so that forgetting the member reaches what those numbers left behind —
-- sign-in codes, an earlier Auth user, texts, limits — and emptied when the member is forgotten.
create table private.customer_former_phones (
  customer_id uuid not null references public.customers (id) on delete cascade,
  phone text not null check (phone ~ '^\+1[2-9][0-9]{9}$'),
  replaced_at timestamptz not null default now(),
  primary key (customer_id, phone)
);
alter table private.customer_former_phones enable row level security;
revoke all on private.customer_former_phones from anon, authenticated, service_role;

create function private.remember_former_phone()
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

-- A pattern that finds a phone however it was written (5551234567, +15551234567,
-- +1 555 123 4567, (555) 123-4567, 555.123.4567), never inside a longer number.
create function private.phone_pattern(p_phone text)
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

-- Patterns that find a text and each of its words of two characters or more, as whole words
-- (a name: "Ana Lopez", "Ana", "Lopez"; an email as a whole). Used case-insensitively.
create function private.word_patterns(p_text text)
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

-- Everything that names a member: their name and its words, their email, every phone they had.
create function private.forget_patterns(p_customer public.customers)
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

-- A text with whatever the patterns find replaced by '[forgotten]'.
create function private.forget_text(p_text text, p_patterns text[])
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

-- A JSON document with every string erased the same way; a string that is the member's name
-- becomes 'Forgotten member', as their record now says.
create function private.forget_jsonb(p_doc jsonb, p_name text, p_patterns text[])
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

-- Forgets a member (GDPR erasure), for the operator's "Forget member" and the member's "Delete my
-- account": the name becomes 'Forgotten member', the phone and email are erased (the phone may
-- join again as a new member), the SMS and email consents are off and the consent rows' wording
-- erased (the rows stay, so consent counts keep their numbers), open check-in tokens and
-- redemption codes are withdrawn. Visits, the ledger, rewards, rollups and settlement keep their
-- numbers: the rows stay, anonymous. Returns the row as it was (the caller audits what it needs,
-- never the erased values).
--
-- Everything else that held the member's name, email or a phone of theirs (now or before) loses
-- it: their texts (event keys, bodies, errors), the clerks' idempotent answers, admins' reasons in
-- the ledger, voids and the audit log (whose append-only triggers take this one edit, under
-- private.erasing), their contact messages (by their email or a phone of theirs: deleted), and,
-- for the phones nobody else holds now, sign-in codes, request counters, staff-grant history,
-- the audit log's phones, Auth's own log and the local stack's SMS outbox. Their Auth users (the
-- current one and any earlier one with a former phone) are deleted with every session; a staff /
-- admin / owner user is only unlinked and signed out, and its phone stays where the role needs it:
-- their role is not the member's to lose.
create function private.forget_customer(p_customer_id uuid, p_reason text, p_actor text)
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
revoke execute on function private.forget_customer(uuid, text, text) from public;

-- The customer an admin acts on, locked; 404 unknown, 409 forgotten.
create function private.admin_member_for_update(p_customer_id uuid)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers;
begin
  perform private.require_admin('Only admins can change member records');
  select * into v_row from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  if v_row.forgotten_at is not null then
    perform private.fail('409', 'This member was forgotten; their record cannot change');
  end if;
  return v_row;
end;
$$;
revoke execute on function private.admin_member_for_update(uuid) from public;

-- A reason an admin gives: 3–500 visible characters.
create function private.admin_reason(p_reason text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := private.clean_text(p_reason, 'Reason', 500);
begin
  if char_length(v) < 3 then
    perform private.fail('400', 'Give a reason of at least 3 characters');
  end if;
  return v;
end;
$$;
revoke execute on function private.admin_reason(text) from public;

-- The member-record part of the admin's answers: status of the record.
create function private.member_record_json(p_row public.customers)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_row.id, 'name', p_row.name, 'phone', right(p_row.phone, 10),
    'suspendedAt', p_row.suspended_at, 'suspensionReason', p_row.suspension_reason,
    'forgottenAt', p_row.forgotten_at)
$$;
revoke execute on function private.member_record_json(public.customers) from public;

-- An admin corrects a member's name, with a reason. The audit row says that the name changed,
-- never the names themselves: the audit log is append-only, and a later "forget" must leave no
-- name behind.
create function app.admin_rename_customer(p_customer_id uuid, p_name text, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.admin_member_for_update(p_customer_id);
  v_name text := private.clean_name(p_name);
  v_reason text := private.admin_reason(p_reason);
begin
  if v_name = v_row.name then
    perform private.fail('400', 'That is already the member''s name');
  end if;
  update public.customers c set name = v_name where c.id = p_customer_id returning * into v_row;
  perform private.audit('member.rename', 'customer', p_customer_id::text,
                        jsonb_build_object('nameLength', char_length(v_row.name)),
                        jsonb_build_object('nameLength', char_length(v_name)), v_reason, null, 'admin');
  return private.member_record_json(v_row);
end;
$$;
revoke execute on function app.admin_rename_customer(uuid, text, text) from public;
grant execute on function app.admin_rename_customer(uuid, text, text) to authenticated;

-- An admin corrects a member's phone, with a reason (a member who lost their number). 409 when
-- another member has it. The member's Auth user (signed in with the old phone) is unlinked and
-- signed out: the member signs in again with the new phone and is linked to this row.
create function app.admin_change_customer_phone(p_customer_id uuid, p_phone text, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.admin_member_for_update(p_customer_id);
  v_phone text := app.normalize_phone(p_phone);
  v_reason text := private.admin_reason(p_reason);
  v_old_user uuid := v_row.user_id;
  v_old_last4 text := right(v_row.phone, 4);
begin
  if v_phone = v_row.phone then
    perform private.fail('400', 'That is already the member''s phone');
  end if;
  if exists (select 1 from public.customers c where c.phone = v_phone) then
    perform private.fail('409', 'Another member has this phone number');
  end if;
  begin
    update public.customers c set phone = v_phone, user_id = null where c.id = p_customer_id returning * into v_row;
  exception when unique_violation then
    perform private.fail('409', 'Another member has this phone number');
  end;
  if v_old_user is not null then
    delete from auth.sessions s where s.user_id = v_old_user;
  end if;
  -- Consent to texts was given by the old phone: the new number has agreed to nothing yet. A
  -- confirmed consent becomes pending (both steps kept in the history) and the new phone is
  -- asked once to reply YES, as after a sign-up on a form.
  if v_row.sms_consent or v_row.sms_consent_pending then
    if v_row.sms_consent then
      update public.customers c set sms_consent = false, sms_consent_pending = true
       where c.id = p_customer_id returning * into v_row;
      insert into public.consents (customer_id, channel, wording, scope, granted, pending, source, created_at)
      values (p_customer_id, 'sms',
              'The phone number was corrected by the programme: texts wait until the new number replies YES.',
              private.consent_scope(), true, true, 'admin', clock_timestamp());
    end if;
    if not exists (select 1 from private.texts t where t.customer_id = p_customer_id
                     and t.kind = 'consent_request' and t.status in ('queued', 'held')) then
      perform private.queue_text(p_customer_id, 'consent_request',
        'This number was added to a membership of our village loyalty programme that asked for texts about '
          || 'rewards and offers. Reply YES to confirm. Msg & data rates may apply.',
        'consent_request:' || p_customer_id || ':' || extract(epoch from clock_timestamp())::text);
    end if;
  end if;
  perform private.audit('member.phone_change', 'customer', p_customer_id::text,
                        jsonb_build_object('phoneLast4', v_old_last4),
                        jsonb_build_object('phoneLast4', right(v_phone, 4)), v_reason, null, 'admin');
  return private.member_record_json(v_row);
end;
$$;
revoke execute on function app.admin_change_customer_phone(uuid, text, text) from public;
grant execute on function app.admin_change_customer_phone(uuid, text, text) to authenticated;

-- An admin suspends a member (no check-ins, no redemptions) with a reason, or lifts it.
create function app.admin_suspend_customer(p_customer_id uuid, p_suspend boolean, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.admin_member_for_update(p_customer_id);
  v_reason text := private.admin_reason(p_reason);
  v_before jsonb := jsonb_build_object('suspendedAt', v_row.suspended_at, 'suspensionReason', v_row.suspension_reason);
begin
  if p_suspend and v_row.suspended_at is not null then
    perform private.fail('409', 'This member is already suspended');
  end if;
  if not p_suspend and v_row.suspended_at is null then
    perform private.fail('409', 'This member is not suspended');
  end if;
  update public.customers c
     set suspended_at = case when p_suspend then now() end,
         suspension_reason = case when p_suspend then v_reason end
   where c.id = p_customer_id
  returning * into v_row;
  if p_suspend then
    -- Codes already shown at a counter stop working too.
    delete from public.checkin_tokens t where t.customer_id = p_customer_id and t.used_at is null;
  end if;
  perform private.audit(case when p_suspend then 'member.suspend' else 'member.unsuspend' end,
                        'customer', p_customer_id::text, v_before,
                        jsonb_build_object('suspendedAt', v_row.suspended_at, 'suspensionReason', v_row.suspension_reason),
                        v_reason, null, 'admin');
  return private.member_record_json(v_row);
end;
$$;
revoke execute on function app.admin_suspend_customer(uuid, boolean, text) from public;
grant execute on function app.admin_suspend_customer(uuid, boolean, text) to authenticated;

-- An admin forgets a member on request, with a reason (private.forget_customer). The reason is
-- recorded without the member's name, email or phones, should the admin have typed them.
create function app.admin_forget_customer(p_customer_id uuid, p_reason text)
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
revoke execute on function app.admin_forget_customer(uuid, text) from public;
grant execute on function app.admin_forget_customer(uuid, text) to authenticated;

-- The signed-in member's own row, locked; 404 without one.
create function private.my_customer_for_update()
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  select * into v_row from public.customers c where c.user_id = auth.uid() for update;
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return v_row;
end;
$$;
revoke execute on function private.my_customer_for_update() from public;

-- What /account shows of the member's contact details and choices.
create function private.my_details_json(p_row public.customers)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', p_row.name, 'phone', right(p_row.phone, 10), 'email', p_row.email,
    'smsConsent', p_row.sms_consent, 'smsConsentPending', p_row.sms_consent_pending,
    'suspended', p_row.suspended_at is not null,
    'smsConsentChangedAt', (select max(k.created_at) from public.consents k
                             where k.customer_id = p_row.id and k.channel = 'sms'))
$$;
revoke execute on function private.my_details_json(public.customers) from public;

create function app.my_details()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_row public.customers;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  select * into v_row from public.customers c where c.user_id = auth.uid();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return private.my_details_json(v_row);
end;
$$;
revoke execute on function app.my_details() from public;
grant execute on function app.my_details() to authenticated;

-- A member changes their name (the one name rule of private.clean_name).
create function app.update_my_name(p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.my_customer_for_update();
begin
  update public.customers c set name = private.clean_name(p_name) where c.id = v_row.id returning * into v_row;
  return private.my_details_json(v_row);
end;
$$;
revoke execute on function app.update_my_name(text) from public;
grant execute on function app.update_my_name(text) to authenticated;

-- A member turns texts on or off from /account, with the wording they were shown.
create function app.set_my_sms_consent(p_granted boolean, p_wording text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.my_customer_for_update();
begin
  perform private.record_sms_consent(v_row.id, p_granted, private.clean_text(p_wording, 'Wording', 2000), 'account');
  select * into v_row from public.customers c where c.id = v_row.id;
  return private.my_details_json(v_row);
end;
$$;
revoke execute on function app.set_my_sms_consent(boolean, text) from public;
grant execute on function app.set_my_sms_consent(boolean, text) to authenticated;

-- Before a code goes to a member's new phone: it is a US number, not theirs already, and no other
-- member has it (409). Returns the phone in E.164.
create function app.check_my_new_phone(p_phone text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.my_customer_for_update();
  v_phone text := app.normalize_phone(p_phone);
begin
  if v_phone = v_row.phone then
    perform private.fail('400', 'That is already your phone number');
  end if;
  if exists (select 1 from public.customers c where c.phone = v_phone) then
    perform private.fail('409', 'Another member has this phone number');
  end if;
  return v_phone;
end;
$$;
revoke execute on function app.check_my_new_phone(text) from public;
grant execute on function app.check_my_new_phone(text) to authenticated;

-- After Supabase Auth verified the code sent to the new phone (type 'phone_change'): the caller's
-- session is the one that verification issued, so its phone claim is the new phone, proven by
-- that code. The member's row takes it (409 when another member has it meanwhile).
create function app.confirm_my_phone_change()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.my_customer_for_update();
  v_phone text := private.jwt_phone();
begin
  if v_phone is null or not private.phone_proven_by_code() then
    perform private.fail('403', 'Confirm the new phone with the code sent to it');
  end if;
  if v_phone !~ '^\+1[2-9][0-9]{9}$' then
    perform private.fail('400', 'Phone must be a 10-digit US number');
  end if;
  if v_phone is distinct from v_row.phone then
    begin
      update public.customers c set phone = v_phone where c.id = v_row.id returning * into v_row;
    exception when unique_violation then
      perform private.fail('409', 'Another member has this phone number');
    end;
  end if;
  return private.my_details_json(v_row);
end;
$$;
revoke execute on function app.confirm_my_phone_change() from public;
grant execute on function app.confirm_my_phone_change() to authenticated;

-- "Download my data": everything stored about the member — their record, the phones they had
-- before, consents (with the wording), visits, the points ledger, rewards, and "Bring a neighbour"
-- (their invitation code, the invitation they joined with, how many neighbours joined with theirs;
-- the tables are 97_referrals.sql's).
create function app.my_data_export()
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
      'smsConsent', c.sms_consent, 'smsConsentPending', c.sms_consent_pending, 'emailConsent', c.email_consent,
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
               'id', k.id, 'channel', k.channel, 'granted', k.granted, 'pending', k.pending, 'source', k.source,
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
       where cr.customer_id = c.id),
    'referral', jsonb_build_object(
      'code', (select rc.code from private.referral_codes rc where rc.customer_id = c.id),
      'joinedWithInvitation', (
        select jsonb_build_object('status', r.status, 'reason', r.reason, 'bonusPoints', r.bonus_points,
                                  'createdAt', r.created_at)
          from private.referrals r where r.referred_id = c.id),
      'neighboursJoined', (select count(*) from private.referrals r where r.referrer_id = c.id),
      'neighboursRewarded', (select count(*) from private.referrals r where r.referrer_id = c.id and r.status = 'rewarded')));
end;
$$;
revoke execute on function app.my_data_export() from public;
grant execute on function app.my_data_export() to authenticated;

-- "Delete my account": the member forgets themselves (private.forget_customer); their Auth user
-- and sessions end with it.
create function app.delete_my_account()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customers := private.my_customer_for_update();
begin
  perform private.forget_customer(v_row.id, 'Deleted by the member', 'member');
  return jsonb_build_object('deleted', true);
end;
$$;
revoke execute on function app.delete_my_account() from public;
grant execute on function app.delete_my_account() to authenticated;
