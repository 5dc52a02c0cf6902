-- Optional reward expiry, off by default (docs/RULES.md "Reward expiry"): a reward may expire N
-- days after it unlocks; members are warned (in the app, and by a text if they agreed); expiry is
-- a ledger event (reward_expired) that every redemption path, settlement and the reports respect.
-- The same change as supabase/schemas/95_reward_expiry.sql and the edits it needs in 10, 38, 40,
-- 50, 55, 68, 78, 92 and 94.

alter table public.rewards add column expires_after_days integer check (expires_after_days between 1 and 365);

alter table public.points_ledger drop constraint points_ledger_event_check;
alter table public.points_ledger add constraint points_ledger_event_check check (event in (
  'visit_approved', 'reward_unlocked', 'reward_redeemed', 'visit_voided', 'reward_revoked', 'reward_clawed_back',
  'adjustment', 'redemption_undone', 'reward_expired'));

alter table public.customer_rewards add column expires_at timestamptz;
alter table public.customer_rewards add column expired_at timestamptz;
alter table public.customer_rewards drop constraint customer_rewards_status_check;
alter table public.customer_rewards add constraint customer_rewards_status_check
  check (status in ('unlocked', 'redeemed', 'revoked', 'expired'));
alter table public.customer_rewards add constraint customer_rewards_expired_check
  check ((status = 'expired') = (expired_at is not null));
create index customer_rewards_expires_at_idx on public.customer_rewards (expires_at) where status = 'unlocked' and expires_at is not null;

-- The member's unlocked, unredeemed rewards that can be used at a location: that business's
-- welcome reward and every network reward. What staff see to redeem at their counter.
create or replace function private.redeemable_rewards(p_customer_id uuid, p_location_id text)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', cr.id, 'name', r.name, 'scope', r.scope)
                            order by r.kind desc, cr.unlocked_at, r.name), '[]'::jsonb)
    from public.customer_rewards cr
    join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id
     and cr.status = 'unlocked'
     -- Past its expiry date, not yet recorded by app.expire_rewards: no longer redeemable.
     and (cr.expires_at is null or cr.expires_at > now())
     and (r.scope = 'network' or r.location_id = p_location_id)
$$;

-- "December 5, 2026": the last programme day a reward expiring at p_expires_at can be used
-- (an unlock's date is the start of the day after, 95_reward_expiry.sql).
create or replace function private.reward_expiry_day(p_expires_at timestamptz)
returns text
language sql stable
set search_path = ''
as $$
  select to_char((p_expires_at - interval '1 second') at time zone private.programme_time_zone(), 'FMMonth FMDD, YYYY')
$$;

-- An unused reward whose expiry date has passed (95_reward_expiry.sql) is refused at every
-- redemption path, recorded or not yet: "This reward expired on November 30, 2026 and can no
-- longer be used".
create or replace function private.reward_expired_message(p_expires_at timestamptz)
returns text
language sql stable
set search_path = ''
as $$
  select 'This reward expired' || coalesce(' on ' || private.reward_expiry_day(p_expires_at), '') || ' and can no longer be used'
$$;

-- The end of every redemption, whoever confirms it: the reward must be valid at the business (a
-- welcome reward only at its own) and still unlocked; then it is redeemed there, by the caller,
-- now, with its proof (p_proof) and ledger event (p_reason: an admin's, when there was no proof).
-- A card is static and can be copied, so the member is told: by a text when they agreed to
-- texts, and in their account (app.me's redemptions), where "Not you?" flags it for the operator.
-- The caller holds the customer's and the reward's row locks.
create or replace function private.finish_redemption(p_customer_reward_id uuid, p_location_id text, p_idempotency_key text,
                                          p_proof text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_reward public.rewards;
begin
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  if v_row.id is null or v_reward.id is null then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_reward.scope = 'location' and p_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;
  -- Expired (or past its date and not yet recorded): a reward is redeemed or expired, never both;
  -- app.expire_rewards takes the same row locks.
  if v_row.status = 'expired' or v_row.expires_at <= now() then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
  end if;
  update public.customer_rewards cr
     set status = 'redeemed', redeemed_at = now(), redeemed_location_id = p_location_id, redeemed_by = auth.uid(),
         redeemed_proof = p_proof
   where cr.id = v_row.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'reward_redeemed', 0, null, v_row.id, p_location_id,
                               p_idempotency_key, p_reason);
  perform private.queue_text(v_row.customer_id, 'reward_redeemed',
    private.redemption_notice(v_reward.name, p_location_id, v_row.redeemed_at)
      || ' ' || private.site_url() || '/account',
    'redeemed:' || v_row.id || ':' || extract(epoch from v_row.redeemed_at)::text);
  return jsonb_build_object('customerReward', jsonb_build_object(
    'id', v_row.id, 'status', v_row.status, 'redeemedAt', v_row.redeemed_at,
    'reward', jsonb_build_object('name', v_reward.name)));
end;
$$;

-- A member asks to redeem one of their unlocked rewards: a redemption code to show at a counter,
-- valid 2 minutes, single use; asking again replaces the reward's earlier live code.
-- Returns {"code", "qrValue": "redeem:{code}", "expiresAt", "reward": {"id", "name", "scope",
-- "businessName"}}.
create or replace function app.start_redemption(p_customer_reward_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_reward public.rewards;
  v_business text;
  v_code text;
  v_bytes bytea;
  v_expires timestamptz := now() + interval '2 minutes';
  v_letters constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ';
  v_inserted boolean := false;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  select * into v_row from public.customer_rewards cr
   where cr.id = p_customer_reward_id and cr.customer_id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;
  if v_row.status = 'expired' or v_row.expires_at <= now() then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
  end if;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  select l.business_name into v_business from public.locations l where l.id = v_reward.location_id;

  delete from private.redemption_codes rc where rc.customer_reward_id = v_row.id and rc.used_at is null;
  -- Old codes are useless; drop a few at a time so the table stays small.
  delete from private.redemption_codes rc
   where rc.ctid in (select o.ctid from private.redemption_codes o
                      where o.expires_at < now() - interval '1 day' limit 100);
  for i in 1..10 loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    v_code := substr(v_letters, get_byte(v_bytes, 0) % 23 + 1, 1)
           || substr(v_letters, get_byte(v_bytes, 1) % 23 + 1, 1)
           || substr(v_letters, get_byte(v_bytes, 2) % 23 + 1, 1)
           || (get_byte(v_bytes, 3) % 8 + 2)::text
           || (get_byte(v_bytes, 4) % 8 + 2)::text
           || (get_byte(v_bytes, 5) % 8 + 2)::text;
    -- An expired code may be drawn again.
    delete from private.redemption_codes rc where rc.code = v_code and rc.expires_at <= now();
    insert into private.redemption_codes (code, customer_reward_id, created_by, expires_at)
    values (v_code, v_row.id, auth.uid(), v_expires)
    on conflict (code) do nothing;
    if found then
      v_inserted := true;
      exit;
    end if;
  end loop;
  if not v_inserted then
    perform private.fail('503', 'Could not make a redemption code; try again');
  end if;
  return jsonb_build_object('code', v_code, 'qrValue', 'redeem:' || v_code, 'expiresAt', v_expires,
    'reward', jsonb_build_object('id', v_row.id, 'name', v_reward.name, 'scope', v_reward.scope,
                                 'businessName', v_business));
end;
$$;

-- The code's row, locked, if it can still be redeemed at p_location_id; otherwise the reason.
create or replace function private.live_redemption_code(p_code text, p_location_id text, p_lock boolean)
returns private.redemption_codes
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code private.redemption_codes;
  v_row public.customer_rewards;
  v_reward public.rewards;
begin
  if p_lock then
    -- The customer's and the reward's locks first, as every redemption takes them.
    perform private.lock_customer_reward(rc.customer_reward_id)
       from private.redemption_codes rc where rc.code = private.normalize_redemption_code(p_code);
    select * into v_code from private.redemption_codes rc
     where rc.code = private.normalize_redemption_code(p_code) for update;
  else
    select * into v_code from private.redemption_codes rc where rc.code = private.normalize_redemption_code(p_code);
  end if;
  if v_code.id is null then
    perform private.fail('404', 'Unknown redemption code: ask the member to press Redeem again');
  end if;
  if v_code.used_at is not null then
    perform private.fail('409', 'This redemption code has already been used');
  end if;
  if v_code.expires_at <= now() then
    perform private.fail('410', 'This redemption code has expired: ask the member to press Redeem again');
  end if;
  select * into v_row from public.customer_rewards cr where cr.id = v_code.customer_reward_id;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  perform private.refuse_own_account(v_row.customer_id);
  if v_reward.scope = 'location' and p_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'expired' or (v_row.status = 'unlocked' and v_row.expires_at <= now()) then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
  end if;
  if v_row.status <> 'unlocked' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  return v_code;
end;
$$;

-- Undoing a mistaken redemption (wrong reward pressed, a fraud the member reported): an admin,
-- with a reason. A new ledger event records it (nothing is deleted: the reward_redeemed event
-- keeps who redeemed it, where and when); the reward is unlocked again — or withdrawn, when the
-- visit that earned it was voided since (it was clawed back) — and settlement, which counts
-- redeemed rewards, follows. Audited. Under the customer's and the reward's row locks, so an undo
-- and a redemption of the same reward happen one after the other.
-- LY400 no reason, LY403 non-admin, LY404 unknown reward, LY409 not redeemed.
-- Returns {"customerRewardId", "status": "unlocked" | "revoked", "undoneRedemption":
--   {"locationId", "redeemedAt", "redeemedBy"}}.
create or replace function app.undo_redemption(p_customer_reward_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_before public.customer_rewards;
  v_row public.customer_rewards;
  v_clawed_back boolean;
begin
  perform private.require_admin('Only admins can undo a redemption');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  v_before := private.lock_customer_reward(p_customer_reward_id);
  if v_before.id is null then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_before.status <> 'redeemed' then
    perform private.fail('409', 'This reward is not redeemed');
  end if;
  v_clawed_back := exists (select 1 from public.points_ledger e
                            where e.customer_reward_id = v_before.id and e.event = 'reward_clawed_back');
  update public.customer_rewards cr
     set status = case when v_clawed_back then 'revoked' else 'unlocked' end,
         revoked_at = case when v_clawed_back then now() end,
         redeemed_at = null, redeemed_location_id = null, redeemed_by = null, redeemed_proof = null,
         -- A reward given back after its expiry date (95_reward_expiry.sql) gets 7 more days,
         -- rather than expiring at the next run.
         expires_at = case when cr.expires_at <= now() then now() + interval '7 days' else cr.expires_at end
   where cr.id = v_before.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'redemption_undone', 0, null, v_row.id,
                               v_before.redeemed_location_id, null, v_reason);
  perform private.audit('reward.undo_redemption', 'customer_reward', v_row.id::text,
                        jsonb_build_object('status', v_before.status, 'redeemedAt', v_before.redeemed_at,
                                           'redeemedLocationId', v_before.redeemed_location_id,
                                           'redeemedBy', v_before.redeemed_by, 'customerId', v_row.customer_id),
                        jsonb_build_object('status', v_row.status),
                        v_reason, v_before.redeemed_location_id);
  return jsonb_build_object('customerRewardId', v_row.id, 'status', v_row.status,
    'undoneRedemption', jsonb_build_object('locationId', v_before.redeemed_location_id,
                                           'redeemedAt', v_before.redeemed_at,
                                           'redeemedBy', private.person_label(v_before.redeemed_by)));
end;
$$;

-- A leaner GET /api/me, same answer: the member's visits are read once (the
-- businesses visited and the total visits were two scans of them), and it runs as security
-- definer: RLS re-derived the caller's customer id (private.current_customer_id) and admin
-- status for each of the four tables read, ~30 % of the function's time under pgbench. Every
-- read here is of the one customer row private.current_customer_id() names (the signed-in,
-- non-anonymous user's own) and of that customer's visits and rewards, so nobody sees more.
create or replace function app.me()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_visits jsonb;
  v_total_visits bigint;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  select * into v_customer from public.customers c where c.id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  -- visits.location_id is never null and cascades with its location: every visit has a business.
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name,
                                               'visits', v.visits, 'lastVisit', v.last_visit)
                  order by v.last_visit desc), '[]'::jsonb),
         coalesce(sum(v.visits), 0)
    into v_visits, v_total_visits
    from (select vi.location_id, count(*) as visits, max(vi.created_at) as last_visit
            from public.visits vi
           where vi.customer_id = v_customer.id and vi.status = 'approved'
           group by vi.location_id) v
    join public.locations l on l.id = v.location_id;
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name,
                                   'phone', right(v_customer.phone, 10), 'email', v_customer.email),
    'totalPoints', v_customer.total_points,
    'tier', private.tier_for(v_customer.total_points),
    'nextGoal', private.next_goal(v_customer.total_points),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               -- Past its expiry date and not yet recorded by app.expire_rewards: expired all the same.
               'id', cr.id,
               'status', case when cr.status = 'unlocked' and cr.expires_at <= now() then 'expired' else cr.status end,
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               -- Optional expiry (95_reward_expiry.sql): when it stops being redeemable, and the last
               -- programme day it can be used ("Expires on …"); null for a reward that never expires.
               'expiresAt', case when cr.status in ('unlocked', 'expired') then cr.expires_at end,
               'expiresOn', case when cr.status in ('unlocked', 'expired') and cr.expires_at is not null
                                 then to_char((cr.expires_at - interval '1 second') at time zone private.programme_time_zone(), 'YYYY-MM-DD') end,
               -- Where it was redeemed, for the member's history (null before counters recorded it).
               'redeemedBusinessName', rl.business_name,
               'reward', jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                            'scope', r.scope, 'locationId', r.location_id,
                                            'businessName', l.business_name))
             order by cr.unlocked_at desc, r.name), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = r.location_id
        left join public.locations rl on rl.id = cr.redeemed_location_id
       where cr.customer_id = v_customer.id and cr.status <> 'revoked'),
    'visitedLocations', v_visits,
    'totalVisits', v_total_visits,
    -- Businesses that joined or left since the member did, for a while (67_programme_news.sql).
    'programmeNews', private.programme_news(v_customer.id),
    -- Every redemption of the last 30 days is told to the member (a card can be copied), with
    -- "Not you?" (app.report_redemption) until they have said so.
    'recentRedemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', r.name, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at,
               'notice', private.redemption_notice(r.name, cr.redeemed_location_id, cr.redeemed_at),
               'reportedAt', (select f.flagged_at from private.redemption_flags f
                               where f.customer_reward_id = cr.id and f.redeemed_at = cr.redeemed_at))
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = v_customer.id and cr.status = 'redeemed'
         and cr.redeemed_at > now() - interval '30 days'));
end;
$$;

-- A reward as the admin catalogue and the audit log show it.
create or replace function private.reward_json(p_reward public.rewards)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_reward.id, 'kind', p_reward.kind, 'locationId', p_reward.location_id, 'tier', p_reward.tier,
    'name', p_reward.name, 'description', p_reward.description, 'scope', p_reward.scope,
    'createdAt', p_reward.created_at, 'retiredAt', p_reward.retired_at, 'replacedBy', p_reward.replaced_by,
    'expiresAfterDays', p_reward.expires_after_days)
$$;

-- GET /api/admin/catalogue: every business (archived ones too) and every reward (retired ones
-- too), with how many members hold each reward unused (and how many let it expire), for the
-- Programme tab.
create or replace function app.admin_catalogue()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can see the programme settings');
  return jsonb_build_object(
    'businesses', (
      select coalesce(jsonb_agg(private.location_json(l) || jsonb_build_object(
               'welcomeRewardId', (select r.id from public.rewards r
                                    where r.location_id = l.id and r.kind = 'welcome' and r.retired_at is null))
             order by l.archived_at nulls first, l.sort_order, l.id), '[]'::jsonb)
        from public.locations l),
    'rewards', (
      select coalesce(jsonb_agg(private.reward_json(r) || jsonb_build_object(
               'businessName', l.business_name,
               'holders', (select count(*) from public.customer_rewards cr
                             join public.customers c on c.id = cr.customer_id
                            where cr.reward_id = r.id and cr.status = 'unlocked' and c.forgotten_at is null),
               'unlocked', (select count(*) from public.customer_rewards cr
                             where cr.reward_id = r.id and cr.status <> 'revoked'),
               -- Unlocked but expired unused (95_reward_expiry.sql): counted apart, never as held.
               'expired', (select count(*) from public.customer_rewards cr
                            where cr.reward_id = r.id and cr.status = 'expired'))
             order by r.kind desc, l.sort_order, r.location_id, r.tier, r.retired_at nulls first, r.created_at), '[]'::jsonb)
        from public.rewards r
        left join public.locations l on l.id = r.location_id));
end;
$$;

-- GET /api/admin/funder-report?month=YYYY-MM. Admins. Definitions (all in the month, approved visits only):
--   members: joined before the month ended and not forgotten by then; newMembers: joined in it;
--   activeMembers: with a visit; returningMembers: active and with a visit before the month;
--   repeatVisits: visits at a business the member had visited before (earlier that month or before);
--   a business's firstVisits: members whose first visit there ever was in the month, and
--   firstVisitsFromOtherBusinesses: those of them who had visited another business before it;
--   crossShopping: active members who visited 2+ and 3+ different businesses;
--   rewards: redeemed in the month, valueCents the tier rewards' and prizes' value (welcome rewards
--   have none in the programme), expired: rewards that expired unused in it; settlement: private.settlement's totals; texts: sent in the month
--   (the provider took them) and members who withdrew SMS consent in it; draw: the month's draw.
create or replace function app.admin_funder_report(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_population integer;
  v_settlement jsonb;
  v_draw private.draws;
  v_result jsonb;
begin
  perform private.require_admin('Only admins can read the funder''s report');
  select * into r from private.month_range(p_month);
  select s.village_population into v_population from private.report_settings s where s.id;
  v_settlement := private.settlement(p_month);
  select * into v_draw from private.draws d where d.month = p_month;

  with month_visits as (
    select v.id, v.customer_id, v.location_id, v.created_at,
           exists (select 1 from public.visits p
                    where p.customer_id = v.customer_id and p.location_id = v.location_id and p.status = 'approved'
                      and (p.created_at, p.id) < (v.created_at, v.id)) as repeat_visit
      from public.visits v
     where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at),
  firsts as (
    select f.customer_id, f.location_id, f.first_at,
           exists (select 1 from public.visits o
                    where o.customer_id = f.customer_id and o.location_id <> f.location_id and o.status = 'approved'
                      and o.created_at < f.first_at) as from_other
      from (select v.customer_id, v.location_id, min(v.created_at) as first_at
              from public.visits v
             where v.status = 'approved' and v.created_at < r.ends_at
             group by v.customer_id, v.location_id) f
     where f.first_at >= r.starts_at),
  per_member as (
    select m.customer_id, count(distinct m.location_id) as businesses from month_visits m group by m.customer_id),
  redeemed as (
    select cr.customer_id, rw.kind,
           case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0)
                when rw.kind = 'prize' then coalesce(rw.value_cents, 0) else 0 end as value_cents
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      left join public.tiers t on t.name = rw.tier
     where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at),
  -- Rewards that expired unused in the month (95_reward_expiry.sql): never redeemed, so never in
  -- the redeemed figures or the settlement; counted apart.
  expired as (
    select cr.customer_id from public.customer_rewards cr
     where cr.status = 'expired' and cr.expired_at >= r.starts_at and cr.expired_at < r.ends_at),
  sent as (
    select t.customer_id from private.texts t where t.sent_at >= r.starts_at and t.sent_at < r.ends_at),
  opt_outs as (
    select distinct c.customer_id from public.consents c
     where c.channel = 'sms' and not c.granted and c.created_at >= r.starts_at and c.created_at < r.ends_at),
  figures as (
    select
      (select count(*) from public.customers c
        where c.created_at < r.ends_at and (c.forgotten_at is null or c.forgotten_at >= r.ends_at)) as members,
      (select count(*) from public.customers c where c.created_at >= r.starts_at and c.created_at < r.ends_at) as new_members,
      (select count(*) from per_member) as active,
      (select count(*) from per_member pm
        where exists (select 1 from public.visits p where p.customer_id = pm.customer_id and p.status = 'approved'
                                                     and p.created_at < r.starts_at)) as returning_members,
      (select count(*) from month_visits) as visits,
      (select count(*) from month_visits m where m.repeat_visit) as repeat_visits,
      (select count(distinct m.customer_id) from month_visits m where m.repeat_visit) as repeat_members,
      (select count(*) from per_member pm where pm.businesses >= 2) as two_plus,
      (select count(*) from per_member pm where pm.businesses >= 3) as three_plus,
      (select count(*) from firsts f where f.from_other) as from_other,
      (select count(*) from redeemed) as redeemed,
      (select count(distinct x.customer_id) from redeemed x) as redeemers,
      (select count(*) from redeemed x where x.kind = 'welcome') as welcome,
      (select count(*) from redeemed x where x.kind = 'tier') as tier,
      (select count(*) from redeemed x where x.kind = 'prize') as prize,
      (select coalesce(sum(x.value_cents), 0) from redeemed x) as value_cents,
      (select count(*) from expired) as expired,
      (select count(distinct x.customer_id) from expired x) as expirers,
      (select count(*) from sent) as texts_sent,
      (select count(distinct s.customer_id) from sent s) as text_recipients,
      (select count(*) from opt_outs) as opt_outs)
  select jsonb_build_object(
    'month', p_month, 'monthLabel', private.month_label(p_month), 'timeZone', private.programme_time_zone(),
    'from', r.starts_at, 'to', r.ends_at,
    'villagePopulation', v_population,
    'members', private.report_figure(f.members),
    'membersPercentOfVillage', case when v_population is not null and private.report_figure(f.members) is not null
                                    then round(f.members * 100.0 / v_population, 1) end,
    'newMembers', private.report_figure(f.new_members),
    'activeMembers', private.report_figure(f.active),
    'returningMembers', private.report_figure(f.returning_members),
    'visits', private.report_figure(f.visits, f.active),
    'repeatVisits', private.report_figure(f.repeat_visits, f.repeat_members),
    'crossShopping', jsonb_build_object(
      'twoOrMore', private.report_figure(f.two_plus),
      'threeOrMore', private.report_figure(f.three_plus),
      'twoOrMorePercent', case when private.report_figure(f.two_plus) is not null and f.active > 0
                               then round(f.two_plus * 100.0 / f.active, 1) end),
    'firstVisitsFromOtherBusinesses', private.report_figure(f.from_other),
    'businesses', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'locationId', l.id, 'businessName', l.business_name,
               'visits', private.report_figure(b.visits, b.members),
               'members', private.report_figure(b.members),
               'firstVisits', private.report_figure(b.firsts),
               'firstVisitsFromOtherBusinesses', private.report_figure(b.from_other))
             order by l.sort_order, l.id), '[]'::jsonb)
        from public.locations l
        cross join lateral (
          select (select count(*) from month_visits m where m.location_id = l.id) as visits,
                 (select count(distinct m.customer_id) from month_visits m where m.location_id = l.id) as members,
                 (select count(*) from firsts x where x.location_id = l.id) as firsts,
                 (select count(*) from firsts x where x.location_id = l.id and x.from_other) as from_other) b
       where l.archived_at is null or b.visits > 0),
    'rewards', jsonb_build_object(
      'redeemed', private.report_figure(f.redeemed, f.redeemers),
      'welcome', private.report_figure(f.welcome),
      'tier', private.report_figure(f.tier),
      'prize', f.prize,
      'valueCents', case when private.report_figure(f.redeemed, f.redeemers) is not null then f.value_cents end,
      'expired', private.report_figure(f.expired, f.expirers)),
    'settlement', jsonb_build_object(
      'redemptions', (v_settlement -> 'totals' ->> 'redemptions')::bigint,
      'crossBusiness', (v_settlement -> 'totals' ->> 'crossBusiness')::bigint,
      'crossBusinessCents', (v_settlement -> 'totals' ->> 'crossBusinessCents')::bigint,
      'transfers', (select count(*) from jsonb_array_elements(v_settlement -> 'pairs') p where (p ->> 'amountCents')::bigint > 0),
      'transfersCents', (select coalesce(sum((p ->> 'amountCents')::bigint), 0) from jsonb_array_elements(v_settlement -> 'pairs') p)),
    'texts', jsonb_build_object(
      'sent', private.report_figure(f.texts_sent, f.text_recipients),
      'optOuts', private.report_figure(f.opt_outs)),
    'draw', case when v_draw.id is null then null else jsonb_build_object(
      'id', v_draw.id, 'status', v_draw.status,
      'prizeName', (select rw.name from public.rewards rw where rw.id = v_draw.reward_id),
      'sponsorName', (select l.business_name from public.locations l where l.id = v_draw.sponsor_location_id),
      'entrants', private.report_figure(case when v_draw.status = 'drawn'
                                             then (select count(*) from private.draw_entries e where e.draw_id = v_draw.id)
                                             else (select count(*) from private.draw_entry_counts(v_draw.id) c) end),
      'totalEntries', v_draw.total_entries,
      'winnerDrawn', v_draw.winner_customer_id is not null,
      'prizeRedeemed', coalesce((select cr.status = 'redeemed' from public.customer_rewards cr where cr.id = v_draw.customer_reward_id), false))
    end)
    into v_result
    from figures f;
  return v_result;
end;
$$;

-- Queues the "your reward is waiting" texts due at p_now (the texts drain calls it before it
-- claims texts; service_role). At most 500 a call. Returns how many were queued.
create or replace function app.queue_reward_reminders(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_days integer := (select s.reward_waiting_days from private.nudge_settings s where s.id);
  v_queued integer := 0;
  r record;
begin
  if v_days is null then
    return 0;
  end if;
  for r in
    select cr.id, cr.customer_id, rw.name, rw.scope, l.business_name
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      join public.customers c on c.id = cr.customer_id
      left join public.locations l on l.id = rw.location_id
     where cr.status = 'unlocked'
       -- A reward past its expiry date (95_reward_expiry.sql) is no longer waiting.
       and (cr.expires_at is null or cr.expires_at > p_now)
       and cr.unlocked_at <= p_now - make_interval(days => v_days)
       and cr.unlocked_at > p_now - make_interval(days => v_days + 14)
       and c.sms_consent and c.forgotten_at is null and c.suspended_at is null
       and not exists (select 1 from private.texts t where t.event_key = 'waiting:' || cr.id)
     order by cr.unlocked_at
     limit 500
  loop
    if private.queue_text(r.customer_id, 'campaign',
         'Your reward "' || r.name || '" is waiting'
           || case when r.scope = 'network' then ' at any participating business' else ' at ' || coalesce(r.business_name, 'its business') end
           || '. Show your card at the counter: ' || private.site_url() || '/account',
         'waiting:' || r.id, null, p_now) is not null then
      v_queued := v_queued + 1;
    end if;
  end loop;
  return v_queued;
end;
$$;

revoke execute on function private.reward_expiry_day(timestamptz), private.reward_expired_message(timestamptz) from public;

-- Optional reward expiry (docs/RULES.md "Reward expiry", docs/TEXTS.md "Your reward expires
-- soon"). Points never expire (PRODUCT §3); a reward may, when the operator turns expiry on for
-- that reward: public.rewards.expires_after_days, off (null) by default.
--
-- - Each unlock carries its own date (public.customer_rewards.expires_at): the end of the
--   programme day N days after it unlocked, so "Expires on December 5" means usable all of
--   December 5. Set when the reward unlocks (customer_rewards_set_expiry).
-- - A change of the setting never brings a member's date earlier and never expires anything on
--   the spot: the unused rewards already held get the later of their current date and N days
--   from the change (turning expiry on starts their clock at the change); turning it off takes
--   the dates away. Rewards whose date has already passed have expired and are left as they are.
-- - Within the warning window (private.reward_expiry_warning, 7 days) the member's /account warns,
--   and one text per reward ("expiring:<customer reward>") goes to members who agreed to texts,
--   through the queue (quiet hours, the weekly cap of marketing texts: over it, tried again at a
--   later run while the window lasts).
-- - Expiry is a ledger event: app.expire_rewards marks each due unlock 'expired' and records
--   reward_expired, once, under the same row locks as every redemption, so a reward is redeemed
--   or expired, never both. Every redemption path refuses a reward past its date even before the
--   run records it (private.reward_expired_message). An expired reward has no redeemed_at:
--   settlement and the reports, which count redemptions, owe and count nothing for it.

-- Members are warned this long before a reward expires (the contract's REWARD_EXPIRY_WARNING_DAYS).
create function private.reward_expiry_warning()
returns interval
language sql immutable
set search_path = ''
as $$
  select interval '7 days'
$$;
revoke execute on function private.reward_expiry_warning() from public;

-- When an unlock made at p_from expires after p_days: the start of the programme day after the
-- p_days-th. Null when p_days is null (the reward does not expire).
create function private.reward_expires_at(p_from timestamptz, p_days integer)
returns timestamptz
language sql stable
set search_path = ''
as $$
  select case when p_days is not null then
    (((p_from at time zone private.programme_time_zone())::date + p_days + 1)::timestamp)
      at time zone private.programme_time_zone()
  end
$$;
revoke execute on function private.reward_expires_at(timestamptz, integer) from public;

-- A new unlock of a reward that expires gets its date (an explicit one is kept).
create function private.set_reward_expiry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'unlocked' and new.expires_at is null then
    new.expires_at := private.reward_expires_at(
      new.unlocked_at, (select r.expires_after_days from public.rewards r where r.id = new.reward_id));
  end if;
  return new;
end;
$$;
revoke execute on function private.set_reward_expiry() from public;

create trigger customer_rewards_set_expiry
  before insert on public.customer_rewards
  for each row execute function private.set_reward_expiry();

-- PUT /api/admin/rewards/{id}/expiry: a reward expires N days (1–365) after it unlocks, or never
-- (null). The unused rewards members hold follow the rule at the top of this file. Audited
-- (reward.expiry, with how many held rewards got a new date). LY400, LY403, LY404.
-- Returns the reward as the catalogue shows it.
create function app.admin_set_reward_expiry(p_reward_id uuid, p_expires_after_days integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.rewards;
  v_row public.rewards;
  v_new_date timestamptz := private.reward_expires_at(now(), p_expires_after_days);
  v_dated integer;
begin
  perform private.require_admin('Only admins can change rewards');
  if p_expires_after_days is not null and p_expires_after_days not between 1 and 365 then
    perform private.fail('400', 'A reward can expire 1 to 365 days after it unlocks, or never');
  end if;
  select * into v_before from public.rewards r where r.id = p_reward_id for update;
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  update public.rewards r set expires_after_days = p_expires_after_days where r.id = p_reward_id
  returning * into v_row;
  -- Row locks in id order, as app.expire_rewards takes them.
  with held as (
    select cr.id from public.customer_rewards cr
     where cr.reward_id = p_reward_id and cr.status = 'unlocked' and (cr.expires_at is null or cr.expires_at > now())
     order by cr.id
       for update)
  update public.customer_rewards cr
     set expires_at = case when p_expires_after_days is null then null else greatest(cr.expires_at, v_new_date) end
    from held
   where cr.id = held.id
     and cr.expires_at is distinct from (case when p_expires_after_days is null then null
                                              else greatest(cr.expires_at, v_new_date) end);
  get diagnostics v_dated = row_count;
  perform private.audit('reward.expiry', 'reward', v_row.id::text, private.reward_json(v_before),
                        private.reward_json(v_row) || jsonb_build_object('heldRewardsChanged', v_dated),
                        null, v_row.location_id);
  return private.reward_json(v_row);
end;
$$;
revoke execute on function app.admin_set_reward_expiry(uuid, integer) from public;
grant execute on function app.admin_set_reward_expiry(uuid, integer) to authenticated;

-- The scheduled run (each texts drain calls it first: pg_cron every minute where present; the
-- tests call it with their clock p_now; service_role only). Records the expiry of every unused
-- reward whose date is at or before p_now — status 'expired', expired_at its date, one
-- reward_expired ledger event — and queues the "expires soon" texts due. At most 500 of each a
-- call. Each reward is taken under the customer's and the reward's row locks, the order every
-- redemption takes them, and checked again once locked: a redemption that got there first wins.
-- Returns {"expired", "warned"}.
create function app.expire_rewards(p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_expired integer := 0;
  v_warned integer := 0;
  r record;
begin
  for r in
    select cr.id from public.customer_rewards cr
     where cr.status = 'unlocked' and cr.expires_at <= p_now
     order by cr.id
     limit 500
  loop
    v_row := private.lock_customer_reward(r.id);
    if v_row.status = 'unlocked' and v_row.expires_at <= p_now then
      update public.customer_rewards cr set status = 'expired', expired_at = v_row.expires_at where cr.id = v_row.id;
      perform private.record_event(v_row.customer_id, 'reward_expired', 0, null, v_row.id,
        coalesce(v_row.welcome_location_id, (select rw.location_id from public.rewards rw where rw.id = v_row.reward_id)));
      v_expired := v_expired + 1;
    end if;
  end loop;

  for r in
    select cr.id, cr.customer_id, cr.expires_at, rw.name, rw.scope, l.business_name
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      join public.customers c on c.id = cr.customer_id
      left join public.locations l on l.id = rw.location_id
     where cr.status = 'unlocked'
       and cr.expires_at > p_now and cr.expires_at <= p_now + private.reward_expiry_warning()
       and c.sms_consent and c.forgotten_at is null and c.suspended_at is null
       and not exists (select 1 from private.texts t where t.event_key = 'expiring:' || cr.id)
     order by cr.expires_at, cr.id
     limit 500
  loop
    if private.queue_text(r.customer_id, 'campaign',
         'Your reward "' || r.name || '" expires on ' || private.reward_expiry_day(r.expires_at)
           || ': use it before then'
           || case when r.scope = 'network' then ' at any participating business' else ' at ' || coalesce(r.business_name, 'its business') end
           || '. ' || private.site_url() || '/account',
         'expiring:' || r.id, null, p_now) is not null then
      v_warned := v_warned + 1;
    end if;
  end loop;
  return jsonb_build_object('expired', v_expired, 'warned', v_warned);
end;
$$;
revoke execute on function app.expire_rewards(timestamptz) from public;
grant execute on function app.expire_rewards(timestamptz) to service_role;
