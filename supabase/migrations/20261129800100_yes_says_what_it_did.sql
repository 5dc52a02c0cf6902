-- A YES or START reply says what it did: confirmed a pending consent, gave back a withdrawn one,
-- or changed nothing (it said "subscribed again" to a member confirming for the first time).

-- A text a member sent to the programme's number (the inbound webhook, signature checked by the
-- api). STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT withdraw SMS consent at once; START,
-- UNSTOP, YES give it again; HELP (or INFO) answers the contact. Returns {"keyword", "reply",
-- "changed"}; reply null: nothing to answer.
create or replace function app.text_inbound(p_phone text, p_body text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_word text := upper(btrim(regexp_replace(coalesce(p_body, ''), '[[:space:][:punct:]]+', ' ', 'g')));
  v_phone text;
  v_customer_id uuid;
  v_changed boolean := false;
  v_keyword text;
  v_reply text;
  v_was_confirmed boolean;
  v_was_pending boolean;
begin
  begin
    v_phone := app.normalize_phone(p_phone);
  exception when others then
    v_phone := null;
  end;
  if v_phone is not null then
    select c.id into v_customer_id from public.customers c where c.phone = v_phone;
  end if;

  if v_word in ('STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT') then
    v_keyword := 'stop';
    if v_customer_id is not null then
      v_changed := private.record_sms_consent(v_customer_id, false, 'SMS reply: ' || v_word, 'sms_reply');
    end if;
    v_reply := private.programme_name() || ': You are unsubscribed and will receive no more texts. Reply START to resubscribe.';
  elsif v_word in ('START', 'UNSTOP', 'YES') then
    v_keyword := 'start';
    if v_customer_id is not null then
      -- The answer says what the reply did: it confirmed consent given on a form (double opt-in),
      -- it gave back consent withdrawn by STOP, or there was nothing to change.
      select c.sms_consent, c.sms_consent_pending into v_was_confirmed, v_was_pending
        from public.customers c where c.id = v_customer_id;
      v_changed := private.record_sms_consent(v_customer_id, true, 'SMS reply: ' || v_word, 'sms_reply');
      v_reply := private.programme_name() || case
        when v_was_confirmed then ': You are already subscribed to texts about your rewards and offers.'
        when v_was_pending then ': Thank you, your texts are confirmed. You will get texts about your rewards and offers.'
        else ': You are subscribed again to texts about your rewards and offers.'
      end || ' Msg & data rates may apply. Reply STOP to opt out, HELP for help.';
    else
      v_reply := private.programme_name() || ': This number is not a member. Join at ' || private.site_url() || '/join';
    end if;
  elsif v_word in ('HELP', 'INFO') then
    v_keyword := 'help';
    v_reply := private.programme_name() || ': Help at ' || private.site_url() || '/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.';
  end if;
  return jsonb_build_object('keyword', v_keyword, 'reply', v_reply, 'changed', v_changed);
end;
$$;
revoke execute on function app.text_inbound(text, text) from public;
grant execute on function app.text_inbound(text, text) to service_role;
