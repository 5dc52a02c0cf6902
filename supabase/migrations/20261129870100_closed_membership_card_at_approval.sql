-- A closed or suspended membership's card reads the same at every counter: app.approve_visit's
-- check (who may approve, for whom, where) refuses a forgotten member's card with 'This membership
-- was closed.' (a suspended one's with its own sentence) before anything else about the card, as
-- the card scan for rewards and redeeming already do. The member card value may carry a
-- replacement code ('customer:{id}:{code}'); the member is named by the id either way, and a
-- replaced card is still refused after this (private.member_card_customer).
create or replace function private.authorize_visit_approval(
  p_token text,
  p_location_id text,
  out customer public.customers,
  out location_id text,
  out via text,
  out token public.checkin_tokens,
  out found_by_search boolean
)
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role in ('staff', 'owner') then private.staff_location_id() end;
  v_kiosk public.kiosk_sessions;
  v_customer_id uuid;
begin
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  -- Staff count visits at their own business only.
  if v_role in ('staff', 'owner') and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  found_by_search := p_token ~ '^lookup:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  if found_by_search or p_token like 'customer:%' then
    -- A member card: staff scan it at their counter. Or a member a clerk found by name or phone
    -- (their search's lookup, 10 minutes, theirs only): a visit, but no proof for redeeming.
    -- A closed or suspended membership's card says so first, the same at every counter.
    if not found_by_search then
      perform private.refuse_inactive_member((regexp_match(p_token,
        '^customer:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})'))[1]::uuid);
    end if;
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    location_id := coalesce(p_location_id, v_staff_location);
    if location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    if found_by_search then
      select s.customer_id into v_customer_id from private.counter_sightings s
       where s.id = substr(p_token, 8)::uuid and s.how = 'search' and s.seen_by = v_uid
         and s.created_at > now() - interval '10 minutes';
      if v_customer_id is null then
        perform private.fail('404', 'This search has expired: search for the member again');
      end if;
    else
      -- The member's current card only: a replaced card is refused (22_member_cards.sql).
      v_customer_id := private.member_card_customer(p_token);
    end if;
    via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if token.location_id is null then
      -- A member's phone token: the counter's business.
      if v_admin then
        location_id := p_location_id;
        if location_id is null then
          perform private.fail('400', 'Choose the location this visit is at');
        end if;
        via := 'admin';
      elsif v_staff_location is not null then
        location_id := v_staff_location;
        via := 'staff';
      else
        select * into v_kiosk from public.kiosk_sessions k where k.user_id = v_uid;
        if not found then
          perform private.fail('403', 'Only a counter can approve this check-in');
        end if;
        if v_kiosk.enrolled_at is null and not private.demo_mode() then
          perform private.fail('403', 'This kiosk is not enrolled to approve visits');
        end if;
        location_id := v_kiosk.location_id;
        via := 'kiosk';
      end if;
    elsif v_admin or coalesce(v_staff_location = token.location_id, false) then
      via := case when v_admin then 'admin' else 'staff' end;
      location_id := token.location_id;
    elsif token.channel = 'kiosk' and token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      via := 'kiosk';
      location_id := token.location_id;
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := token.customer_id;
  end if;

  select * into customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
end;
$$;
revoke execute on function private.authorize_visit_approval(text, text) from public;
