-- Texts that answer (schemas/66_texts.sql): POINTS (BAL, BALANCE), REWARDS and CARD are answered
-- to the member's own number, any other word with HELP's text, within per-phone caps
-- (schemas/10_programme.sql: text_answers_per_hour, text_answers_per_week).

alter table private.settings
  add column text_answers_per_hour integer not null default 5 check (text_answers_per_hour >= 0),
  add column text_answers_per_week integer not null default 20 check (text_answers_per_week >= 0);

-- The answers to a member's own texts (POINTS, REWARDS, CARD, an unknown word), counted against
-- the per-phone caps (private.settings.text_answers_per_hour / _per_week). Answers go back as the
-- reply to the member's text (TwiML), not through the outbox. Kept 8 days (the weekly cap's
-- window and a day): app.text_inbound removes older rows as it goes.
create table private.text_answers (
  id bigint generated always as identity primary key,
  phone text not null check (phone ~ '^\+1[2-9][0-9]{9}$'),
  customer_id uuid references public.customers (id) on delete set null,
  keyword text not null check (keyword in ('points', 'rewards', 'card', 'unknown')),
  created_at timestamptz not null default now()
);
alter table private.text_answers enable row level security;
revoke all on private.text_answers from anon, authenticated, service_role;
create index text_answers_phone_idx on private.text_answers (phone, created_at desc);
create index text_answers_customer_id_idx on private.text_answers (customer_id);
create index text_answers_created_at_idx on private.text_answers (created_at);

drop function app.text_inbound(text, text);

-- What a member's text asks, answered (the reply to their own text, so quiet hours do not hold
-- it back; the caps do). p_keyword: 'points', 'rewards', 'card' or 'unknown'. p_customer_id null:
-- the number is not a member's. Returns the answer's text.
create function private.text_answer_body(p_customer_id uuid, p_keyword text)
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_tier text;
  v_needed integer;
  v_goal_label text;
  v_waiting integer;
  v_list text;
  v_help text := private.programme_name() || ': Help at ' || private.site_url()
    || '/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.';
begin
  if p_keyword = 'unknown' then
    return v_help;
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found then
    return private.programme_name() || ': This number is not a member. Join at ' || private.site_url() || '/join';
  end if;
  if p_keyword = 'card' then
    return private.programme_name() || ': Your card: ' || private.site_url()
      || '/account/card (sign in with this phone). Show its QR at any participating business.';
  end if;
  select count(*)::integer into v_waiting
    from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id and cr.status = 'unlocked';
  -- The next tier and the points it takes (private.next_goal's rule, read here from the tiers
  -- themselves: this file comes before 68_member_reads.sql). Past the top tier: none.
  select t.min_points - v_customer.total_points, t.goal_label into v_needed, v_goal_label
    from public.tiers t where t.min_points > v_customer.total_points order by t.min_points limit 1;
  if p_keyword = 'points' then
    v_tier := private.tier_for(v_customer.total_points) ->> 'name';
    return private.programme_name() || ': ' || v_customer.name || ', you have '
      || v_customer.total_points || case when v_customer.total_points = 1 then ' point' else ' points' end
      || ' (' || v_tier || '). '
      || case when v_waiting = 0 then 'No rewards waiting.'
              when v_waiting = 1 then '1 reward waiting: reply REWARDS to see it.'
              else v_waiting || ' rewards waiting: reply REWARDS to see them.' end
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end;
  end if;
  -- 'rewards': each reward waiting and where it is redeemed, oldest first, at most five named.
  select string_agg(x.n || ') ' || x.name || ' at ' || x.place, '; ' order by x.n)
    into v_list
    from (select row_number() over (order by cr.unlocked_at, r.name) as n, r.name,
                 case when r.scope = 'network' then 'any participating business'
                      else coalesce(l.business_name, 'its business') end as place
            from public.customer_rewards cr
            join public.rewards r on r.id = cr.reward_id
            left join public.locations l on l.id = r.location_id
           where cr.customer_id = p_customer_id and cr.status = 'unlocked') x
   where x.n <= 5;
  if v_list is null then
    return private.programme_name() || ': No rewards waiting yet.'
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end
      || ' Each visit earns points.';
  end if;
  return private.programme_name() || ': Your rewards: ' || v_list
    || case when v_waiting > 5 then '; and ' || (v_waiting - 5) || ' more at ' || private.site_url() || '/account' else '' end
    || '. Show your QR or card at the counter to redeem.';
end;
$$;
revoke execute on function private.text_answer_body(uuid, text) from public;

-- A text a member sent to the programme's number (the inbound webhook, signature checked by the
-- api). STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT withdraw SMS consent at once; START,
-- UNSTOP, YES give it again; HELP (or INFO) answers the contact — these are always answered.
-- POINTS (BAL, BALANCE) answers the points, tier and rewards waiting; REWARDS lists them with
-- where each is redeemed; CARD links to the member's card page; any other word answers HELP's
-- text. Those answers go only to the number that texted (the member found by it), are the reply
-- to the member's own text (so not held by quiet hours), and count against the per-phone caps
-- (text_answers_per_hour, text_answers_per_week): over a cap there is no answer. Two texts from
-- one phone at once are counted one after the other (a transaction lock on the phone).
-- Returns {"keyword", "reply", "changed"}; reply null: nothing to answer.
create function app.text_inbound(p_phone text, p_body text, p_now timestamptz default now())
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
  v_per_hour integer;
  v_per_week integer;
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
  elsif v_phone is not null then
    v_keyword := case when v_word in ('POINTS', 'POINT', 'BAL', 'BALANCE') then 'points'
                      when v_word in ('REWARDS', 'REWARD') then 'rewards'
                      when v_word = 'CARD' then 'card'
                      else 'unknown' end;
    perform pg_advisory_xact_lock(hashtextextended('text_answers:' || v_phone, 0));
    delete from private.text_answers a where a.created_at < p_now - interval '8 days';
    select s.text_answers_per_hour, s.text_answers_per_week into v_per_hour, v_per_week from private.settings s;
    if (v_per_hour > 0 and (select count(*) from private.text_answers a
                             where a.phone = v_phone and a.created_at > p_now - interval '1 hour') >= v_per_hour)
       or (v_per_week > 0 and (select count(*) from private.text_answers a
                                where a.phone = v_phone and a.created_at > p_now - interval '7 days') >= v_per_week) then
      return jsonb_build_object('keyword', v_keyword, 'reply', null, 'changed', false, 'capped', true);
    end if;
    v_reply := private.text_answer_body(v_customer_id, v_keyword);
    insert into private.text_answers (phone, customer_id, keyword, created_at)
    values (v_phone, v_customer_id, v_keyword, p_now);
  end if;
  return jsonb_build_object('keyword', v_keyword, 'reply', v_reply, 'changed', v_changed);
end;
$$;
revoke execute on function app.text_inbound(text, text, timestamptz) from public;
grant execute on function app.text_inbound(text, text, timestamptz) to service_role;

-- A forgotten member's answers go with their phone.
create or replace function private.text_customer_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.sms_consent and not new.sms_consent then
    update private.texts t
       set status = 'cancelled', error = 'opted_out', updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
  end if;
  if old.sms_consent_pending and not new.sms_consent_pending then
    update private.texts t
       set status = 'cancelled', error = case when new.sms_consent then 'confirmed' else 'opted_out' end,
           updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind = 'consent_request';
    if new.sms_consent then
      perform private.queue_welcome_text(new.id);
    end if;
  end if;
  if new.phone is null then
    update private.texts t
       set status = case when t.status in ('queued', 'held') then 'cancelled' else t.status end,
           error = case when t.status in ('queued', 'held') then 'forgotten' else t.error end,
           phone = null, updated_at = now()
     where t.customer_id = new.id;
    -- A forgotten member's answers to their texts go with their phone.
    delete from private.text_answers a where a.customer_id = new.id or a.phone = old.phone;
  elsif old.phone is not null and old.phone is distinct from new.phone then
    update private.texts t
       set phone = new.phone, updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
    perform private.queue_text(new.id, 'phone_changed',
      'The phone number on your membership was changed to a number ending in ' || right(new.phone, 4)
        || '. If you did not do this, contact us: ' || private.site_url() || '/contact',
      'phone_changed:' || new.id || ':' || old.phone || ':' || new.phone || ':'
        || extract(epoch from clock_timestamp())::text,
      null, now(), old.phone);
  end if;
  return null;
end;
$$;
