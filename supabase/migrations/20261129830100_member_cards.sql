-- Member cards that can be replaced (schemas/22_member_cards.sql): a lost printed card is replaced by
-- an admin, the new card's QR carries a random code, and the scan paths refuse every earlier value.

create table private.member_cards (
  customer_id uuid primary key references public.customers (id) on delete cascade,
  -- Card 1 is the plain value; the first replacement is card 2.
  version integer not null check (version >= 2),
  -- 48 random bits, lower-case hex.
  code text not null unique check (code ~ '^[0-9a-f]{12}$'),
  issued_at timestamptz not null default now(),
  issued_by uuid
);
alter table private.member_cards enable row level security;
revoke all on private.member_cards from anon, authenticated, service_role;

-- The value a member's card carries now.
create function private.member_card_value(p_customer_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select 'customer:' || p_customer_id::text
         || coalesce(':' || (select m.code from private.member_cards m where m.customer_id = p_customer_id), '')
$$;
revoke execute on function private.member_card_value(uuid) from public;

-- The scan resolver: the member a scanned card value names, when it is their current card.
-- LY400 not a card value; LY410 a card that was replaced (the plain value of a member whose card
-- was replaced, or an earlier code). A code on a member whose card was never replaced was never
-- issued: LY400 as well.
create function private.member_card_customer(p_token text)
returns uuid
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_match text[] := regexp_match(coalesce(p_token, ''),
    '^customer:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(?::([0-9a-fA-F]{12}))?$');
  v_customer_id uuid;
  v_code text;
  v_current text;
begin
  if v_match is null then
    perform private.fail('400', 'Not a member card');
  end if;
  v_customer_id := v_match[1]::uuid;
  v_code := lower(v_match[2]);
  select m.code into v_current from private.member_cards m where m.customer_id = v_customer_id;
  if v_current is null and v_code is not null then
    perform private.fail('400', 'Not a member card');
  end if;
  if v_current is distinct from v_code then
    perform private.fail('410', 'This card was replaced and no longer works. Ask the member for their new card.');
  end if;
  return v_customer_id;
end;
$$;
revoke execute on function private.member_card_customer(text) from public;

-- What a printed card shows: {"customerId", "name", "qr", "version"}.
create function private.member_card_json(p_customer_id uuid)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'customerId', c.id, 'name', c.name, 'qr', private.member_card_value(c.id),
           'version', coalesce((select m.version from private.member_cards m where m.customer_id = c.id), 1),
           'issuedAt', (select m.issued_at from private.member_cards m where m.customer_id = c.id))
    from public.customers c
   where c.id = p_customer_id
$$;
revoke execute on function private.member_card_json(uuid) from public;

-- GET /api/me/card: the signed-in member's card (to print, or to show as their QR).
create function app.my_member_card()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid := private.current_customer_id();
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if v_customer_id is null then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return private.member_card_json(v_customer_id);
end;
$$;
revoke execute on function app.my_member_card() from public;
grant execute on function app.my_member_card() to authenticated;

-- GET /api/admin/customers/:id/card: an admin prints a member's card.
create function app.admin_member_card(p_customer_id uuid)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_card jsonb;
begin
  perform private.require_admin('Only admins can print a member''s card');
  v_card := private.member_card_json(p_customer_id);
  if v_card is null then
    perform private.fail('404', 'Customer not found');
  end if;
  return v_card;
end;
$$;
revoke execute on function app.admin_member_card(uuid) from public;
grant execute on function app.admin_member_card(uuid) to authenticated;

-- POST /api/admin/customers/:id/card: an admin replaces a lost card. The member's card gets a new
-- random code and the next version; every earlier value stops working at once. Audited with the
-- reason. LY404 unknown member; LY409 a forgotten member (no one to give a card to).
create function app.admin_replace_member_card(p_customer_id uuid, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_before integer;
  v_after integer;
begin
  perform private.require_admin('Only admins can replace a member''s card');
  if length(p_reason) > 500 then
    perform private.fail('400', 'Keep the reason under 500 characters');
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_customer.forgotten_at is not null then
    perform private.fail('409', 'This member was forgotten: there is no one to give a card to');
  end if;
  select m.version into v_before from private.member_cards m where m.customer_id = p_customer_id;
  insert into private.member_cards (customer_id, version, code, issued_by)
  values (p_customer_id, 2, left(replace(gen_random_uuid()::text, '-', ''), 12), auth.uid())
  on conflict (customer_id) do update
    set version = private.member_cards.version + 1, code = excluded.code,
        issued_at = now(), issued_by = excluded.issued_by
  returning version into v_after;
  perform private.audit('member.card_replace', 'customer', p_customer_id::text,
                        jsonb_build_object('cardVersion', coalesce(v_before, 1)),
                        jsonb_build_object('cardVersion', v_after),
                        coalesce(nullif(btrim(p_reason), ''), 'Card lost'));
  return private.member_card_json(p_customer_id);
end;
$$;
revoke execute on function app.admin_replace_member_card(uuid, text) from public;
grant execute on function app.admin_replace_member_card(uuid, text) to authenticated;

-- The scan paths resolve a member card through private.member_card_customer.
create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_uid uuid := auth.uid();
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role in ('staff', 'owner') then private.staff_location_id() end;
  v_token public.checkin_tokens;
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_first_here boolean;
  v_visits_today integer;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlock record;
  v_unlocked_ids uuid[];
  v_unlocked jsonb := '[]'::jsonb;
  v_result jsonb;
  v_lookup boolean;
  v_seen text;
begin
  if v_uid is null then
    perform private.fail('401', 'Sign in to approve visits');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'approve_visit', 'token', encode(sha256(convert_to(p_token, 'UTF8')), 'hex'),
    'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  -- Staff count visits at their own business only.
  if v_role in ('staff', 'owner') and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  v_lookup := p_token ~ '^lookup:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  if v_lookup or p_token like 'customer:%' then
    -- A member card: staff scan it at their counter. Or a member a clerk found by name or phone
    -- (their search's lookup, 10 minutes, theirs only): a visit, but no proof for redeeming.
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, v_staff_location);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = v_location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    if v_lookup then
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
    v_via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if v_token.location_id is null then
      -- A member's phone token: the counter's business.
      if v_admin then
        v_location_id := p_location_id;
        if v_location_id is null then
          perform private.fail('400', 'Choose the location this visit is at');
        end if;
        v_via := 'admin';
      elsif v_staff_location is not null then
        v_location_id := v_staff_location;
        v_via := 'staff';
      else
        select * into v_kiosk from public.kiosk_sessions k where k.user_id = v_uid;
        if not found then
          perform private.fail('403', 'Only a counter can approve this check-in');
        end if;
        if v_kiosk.enrolled_at is null and not private.demo_mode() then
          perform private.fail('403', 'This kiosk is not enrolled to approve visits');
        end if;
        v_location_id := v_kiosk.location_id;
        v_via := 'kiosk';
      end if;
    elsif v_admin or coalesce(v_staff_location = v_token.location_id, false) then
      v_via := case when v_admin then 'admin' else 'staff' end;
      v_location_id := v_token.location_id;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
      v_location_id := v_token.location_id;
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if v_token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if v_token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := v_token.customer_id;
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
  -- A clerk scanning the member's card or phone saw them here (proof for redeeming, 2 minutes);
  -- a kiosk's own code was typed in by phone number, so it proves nothing.
  v_seen := case when v_role is null or v_lookup then null
                 when v_token.id is null then 'card'
                 when v_token.location_id is null then 'phone' end;
  if v_seen is not null then
    perform private.note_sighting(v_customer_id, v_location_id, v_seen);
  end if;
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(v_customer_id, v_location_id) l;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via, found_by_search)
  values (v_customer_id, v_location_id, v_points, v_token.id, v_uid, v_via, v_lookup)
  returning id into v_visit_id;
  if v_lookup then
    perform private.audit('visit.approve_by_search', 'customer', v_customer_id::text, null,
                          jsonb_build_object('visitId', v_visit_id), null, v_location_id);
  end if;
  v_total := private.record_event(v_customer_id, 'visit_approved', v_points, v_visit_id, null,
                                  v_location_id, p_idempotency_key);

  if v_token.id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = v_token.id;
  end if;

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_by_visit_id)
    select v_customer_id, r.id, case when r.kind = 'welcome' then r.location_id end, v_visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here and r.retired_at is null)
        or (r.kind = 'tier' and t.min_points <= v_total)
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

  if cardinality(v_unlocked_ids) > 0 then
    for v_unlock in
      select cr.id, r.name, r.description, r.scope
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.id = any(v_unlocked_ids)
       order by r.kind desc, r.name
    loop
      perform private.record_event(v_customer_id, 'reward_unlocked', 0, v_visit_id, v_unlock.id,
                                   v_location_id, p_idempotency_key);
      v_unlocked := v_unlocked || jsonb_build_array(jsonb_build_object(
        'id', v_unlock.id, 'name', v_unlock.name, 'description', v_unlock.description, 'scope', v_unlock.scope));
    end loop;
  end if;

  perform private.note_velocity(v_customer_id, v_visits_today + 1);

  v_result := jsonb_build_object(
    'visitId', v_visit_id,
    -- After a search the member's id (their card's value) stays unsaid.
    'customer', case when v_lookup then jsonb_build_object('name', v_customer.name)
                     else jsonb_build_object('id', v_customer_id, 'name', v_customer.name) end,
    'foundBySearch', v_lookup,
    -- This counter scanned the member's card or phone: their rewards redeem here for 2 minutes.
    'memberSeen', v_seen is not null,
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;

create or replace function app.scan_card(p_token text, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_result jsonb;
begin
  -- The member's current card only: a replaced card is refused (22_member_cards.sql).
  v_customer_id := private.member_card_customer(p_token);
  v_result := app.redeemable_rewards(v_customer_id, p_location_id);
  perform private.note_sighting(v_customer_id, v_result ->> 'locationId', 'card');
  return v_result;
end;
$$;
