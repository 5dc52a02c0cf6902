-- Member records (issue 21 §3) and member self-service (issue 22 §1): an admin corrects a name or
-- a phone, suspends and unsuspends, forgets; a member edits their name, proves a new phone by
-- code, turns texts on and off, downloads their data and deletes their account. Forgetting is one
-- function for both doors (private.forget_customer). Each admin action writes one audit row.

-- The refusal a suspended (or forgotten) member meets at every door that checks in or redeems:
-- the tables' BEFORE triggers below call it, so no check-in or redemption path can skip it.
create function private.refuse_inactive_member(p_customer_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
begin
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if v_customer.forgotten_at is not null then
    perform private.fail('403', 'This membership was closed.');
  end if;
  if v_customer.suspended_at is not null then
    perform private.fail('403', 'This membership is suspended. Please speak to the programme''s operator.');
  end if;
end;
$$;
revoke execute on function private.refuse_inactive_member(uuid) from public;

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

-- Forgets a member (GDPR erasure), for the operator's "Forget member" and the member's "Delete my
-- account": the name becomes 'Forgotten member', the phone and email are erased (the phone may
-- join again as a new member), the SMS and email consents are off and the consent rows' wording
-- erased (the rows stay, so consent counts keep their numbers), the Auth user is deleted with every
-- session (a staff / admin / owner user is only unlinked and signed out: their role is not the
-- member's to lose), open check-in tokens and redemption codes are withdrawn. Visits, the ledger,
-- rewards, rollups and settlement keep their numbers: the row stays, anonymous. Returns the row
-- as it was (the caller audits what it needs, never the erased values).
create function private.forget_customer(p_customer_id uuid, p_reason text, p_actor text)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.customers;
  v_role text;
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

  if v_before.user_id is not null then
    select u.raw_app_meta_data ->> 'role' into v_role from auth.users u where u.id = v_before.user_id;
    if v_role is null then
      -- Its sessions and refresh tokens go with it (on delete cascade).
      delete from auth.users u where u.id = v_before.user_id;
    else
      delete from auth.sessions s where s.user_id = v_before.user_id;
    end if;
  end if;
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

-- An admin forgets a member on request, with a reason (private.forget_customer).
create function app.admin_forget_customer(p_customer_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_row public.customers;
begin
  perform private.require_admin('Only admins can forget members');
  v_reason := private.admin_reason(p_reason);
  perform private.forget_customer(p_customer_id, v_reason, 'admin');
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

-- "Download my data": everything stored about the member — their record, consents (with the
-- wording), visits, the points ledger and rewards.
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
      'smsConsent', c.sms_consent, 'emailConsent', c.email_consent,
      'totalPoints', c.total_points, 'tier', private.tier_for(c.total_points) ->> 'name',
      'visitCount', c.visit_count, 'lastVisitAt', c.last_visit_at,
      'joinedAt', c.created_at, 'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'suspendedAt', c.suspended_at),
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
