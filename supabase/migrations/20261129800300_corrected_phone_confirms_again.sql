-- An admin's phone correction does not carry a confirmed SMS consent to the new number: it is
-- pending until the new phone replies YES, and the new phone is asked once.

-- An admin corrects a member's phone, with a reason (a member who lost their number). 409 when
-- another member has it. The member's Auth user (signed in with the old phone) is unlinked and
-- signed out: the member signs in again with the new phone and is linked to this row.
create or replace function app.admin_change_customer_phone(p_customer_id uuid, p_phone text, p_reason text)
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
