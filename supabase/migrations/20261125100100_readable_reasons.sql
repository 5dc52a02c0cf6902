-- Reasons an auditor can read (issue 24 §2): the reason of a void or a points adjustment gets
-- the cleaning names get — NFC, whitespace and invisible characters trimmed from both ends, at
-- least one visible character left — from one function, private.clean_text, which
-- private.clean_name now calls too. "\u200b\u200b" was a reason before (btrim keeps it); now LY400.

-- Visible text as stored: NFC-normalised, trimmed at both ends of whitespace and invisible
-- characters (controls, zero-width spaces and joiners, soft hyphen, bidi marks, BOM, Hangul
-- fillers, variation selectors, tags...); inside the text they stay (emoji sequences and some
-- scripts need joiners). Nothing left, or more than p_max characters: LY400 naming p_label.
-- The zod twin is cleanVisible in contract/common.ts; tests/support/name-cases.ts drives both.
create function private.clean_text(p_text text, p_label text, p_max integer)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_text, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', p_label || ' needs at least one visible character');
  end if;
  if char_length(v) > p_max then
    perform private.fail('400', p_label || ' is at most ' || p_max || ' characters');
  end if;
  return v;
end;
$$;

-- A person's name (issue 11 §1.5): the rule above, at most 100 characters.
create or replace function private.clean_name(p_name text)
returns text
language sql immutable
set search_path = ''
as $$
  select private.clean_text(p_name, 'Name', 100)
$$;

revoke execute on function private.clean_text(text, text, integer) from public;
grant execute on function private.clean_text(text, text, integer) to anon, authenticated, service_role;

-- Voids and adjustments clean their reason after the admin check (a non-admin still gets 403).
create or replace function app.void_visit(p_visit_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_visit public.visits;
  v_total integer;
  v_reversed_points integer;
  v_reversed record;
begin
  perform private.require_admin('Only admins can void visits');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  select * into v_visit from public.visits v where v.id = p_visit_id;
  if not found then
    perform private.fail('404', 'Visit not found');
  end if;
  -- The customer's lock first, as approvals take it, then the visit's.
  perform 1 from public.customers c where c.id = v_visit.customer_id for update;
  select * into v_visit from public.visits v where v.id = p_visit_id for update;
  if v_visit.status = 'voided' then
    perform private.fail('409', 'This visit is already voided');
  end if;

  update public.visits v
     set status = 'voided', voided_at = now(), voided_by = auth.uid(), void_reason = v_reason
   where v.id = v_visit.id;
  -- The visit's points, or what is left of them when an admin's adjustment already took some:
  -- a balance never goes below 0.
  v_reversed_points := least(v_visit.points, (select c.total_points from public.customers c where c.id = v_visit.customer_id));
  v_total := private.record_event(v_visit.customer_id, 'visit_voided', -v_reversed_points, v_visit.id, null,
                                  v_visit.location_id, null, v_reason);
  select * into v_reversed from private.reverse_unearned_rewards(v_visit.customer_id, v_visit.id, v_reason);

  return jsonb_build_object('visitId', v_visit.id, 'voided', true, 'pointsReversed', v_reversed_points,
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back),
                            'totalPoints', v_total);
end;
$$;

create or replace function app.adjust_points(p_customer_id uuid, p_points integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_total integer;
  v_unlocked uuid[];
  v_reversed record;
begin
  perform private.require_admin('Only admins can adjust points');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  if coalesce(p_points, 0) = 0 or abs(p_points) > 1000 then
    perform private.fail('400', 'An adjustment is between -1000 and 1000 points, not 0');
  end if;
  select c.total_points into v_total from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_total + p_points < 0 then
    perform private.fail('409', 'A customer''s points cannot go below 0');
  end if;

  v_total := private.record_event(p_customer_id, 'adjustment', p_points, null, null, null, null, v_reason);

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id)
    select p_customer_id, r.id
      from public.rewards r join public.tiers t on t.name = r.tier
     where r.kind = 'tier' and t.min_points <= v_total
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked from unlocked u;
  perform private.record_event(p_customer_id, 'reward_unlocked', 0, null, u, null, null, v_reason)
    from unnest(v_unlocked) u;
  select * into v_reversed from private.reverse_unearned_rewards(p_customer_id, null, v_reason);

  return jsonb_build_object('customerId', p_customer_id, 'pointsAdjusted', p_points, 'totalPoints', v_total,
                            'unlockedRewards', to_jsonb(v_unlocked),
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back));
end;
$$;

