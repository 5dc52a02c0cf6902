-- "Bring a neighbour" (supabase/schemas/97_referrals.sql; docs/RULES.md, Referrals): members'
-- invitation codes, the referrals recorded at join, the bonus of a neighbour's first approved visit
-- (two new ledger events), the fingerprints of phones that were ever a member's, the operator's
-- settings and the referral flags beside the velocity flags.

-- The ledger's two new events.
alter table public.points_ledger drop constraint points_ledger_event_check;
alter table public.points_ledger add constraint points_ledger_event_check check (event in (
    'visit_approved', 'reward_unlocked', 'reward_redeemed', 'visit_voided', 'reward_revoked',
    'reward_clawed_back', 'adjustment', 'redemption_undone', 'reward_expired', 'referral_bonus',
    'referral_bonus_voided'));
alter table public.points_ledger drop constraint points_ledger_check;
alter table public.points_ledger add constraint points_ledger_check
  check (event in ('visit_approved', 'visit_voided', 'adjustment', 'referral_bonus', 'referral_bonus_voided') or points = 0);
alter table public.points_ledger drop constraint points_ledger_check1;
alter table public.points_ledger add constraint points_ledger_check1
  check (event not in ('visit_voided', 'adjustment', 'redemption_undone', 'referral_bonus_voided') or reason is not null);

-- Referral flags ("Bring a neighbour", 97_referrals.sql): a member whose code brought
-- flag_joins_per_day or more neighbours in one day of the programme's time zone is flagged once
-- that day; joins is the most counted that day.
create table private.referral_flags (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  day date not null,
  joins integer not null check (joins > 0),
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_id, day)
);
alter table private.referral_flags enable row level security;
revoke all on private.referral_flags from anon, authenticated, service_role;
create index referral_flags_dismissed_by_idx on private.referral_flags (dismissed_by);
create index referral_flags_day_idx on private.referral_flags (day desc);

-- A referral flag as the admin API shows it.
create or replace function private.referral_flag_json(p_flag private.referral_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'referrals', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'joins', p_flag.joins,
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.referral_flag_json(private.referral_flags) from public;

-- GET /api/admin/flags: open flags (and dismissed ones when asked) — velocity flags, members'
-- "not you?" redemption flags and referral flags — newest first.
create or replace function app.admin_velocity_flags(p_include_dismissed boolean default false, p_limit integer default 100)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read velocity flags');
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  return (
    select coalesce(jsonb_agg(f.flag order by f.at desc, f.id), '[]'::jsonb)
      from (
        (select private.redemption_flag_json(rf) as flag, rf.flagged_at as at, rf.id
           from private.redemption_flags rf
          where coalesce(p_include_dismissed, false) or rf.dismissed_at is null
          order by rf.flagged_at desc, rf.id
          limit p_limit)
        union all
        (select private.velocity_flag_json(vf), vf.day::timestamp at time zone private.programme_time_zone(), vf.id
           from private.velocity_flags vf
          where coalesce(p_include_dismissed, false) or vf.dismissed_at is null
          order by vf.day desc, vf.flagged_at desc, vf.id
          limit p_limit)
        union all
        (select private.referral_flag_json(xf), xf.day::timestamp at time zone private.programme_time_zone(), xf.id
           from private.referral_flags xf
          where coalesce(p_include_dismissed, false) or xf.dismissed_at is null
          order by xf.day desc, xf.flagged_at desc, xf.id
          limit p_limit)
        order by 2 desc, 3
        limit p_limit) f);
end;
$$;
revoke execute on function app.admin_velocity_flags(boolean, integer) from public;
grant execute on function app.admin_velocity_flags(boolean, integer) to authenticated;

-- An admin dismisses a flag (looked at, nothing wrong). Dismissing twice keeps the first time.
create or replace function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
  v_redemption_flag private.redemption_flags;
  v_referral_flag private.referral_flags;
  v_was timestamptz;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  select f.dismissed_at into v_was from private.redemption_flags f where f.id = p_flag_id for update;
  update private.redemption_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_redemption_flag;
  if found then
    if v_was is null then
      perform private.audit('flag.dismiss', 'redemption_flag', v_redemption_flag.id::text,
                            jsonb_build_object('dismissedAt', null),
                            jsonb_build_object('dismissedAt', v_redemption_flag.dismissed_at,
                                               'customerId', v_redemption_flag.customer_id),
                            null, v_redemption_flag.redeemed_location_id);
    end if;
    return private.redemption_flag_json(v_redemption_flag);
  end if;
  select f.dismissed_at into v_was from private.referral_flags f where f.id = p_flag_id for update;
  update private.referral_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_referral_flag;
  if found then
    if v_was is null then
      perform private.audit('flag.dismiss', 'referral_flag', v_referral_flag.id::text,
                            jsonb_build_object('dismissedAt', null),
                            jsonb_build_object('dismissedAt', v_referral_flag.dismissed_at,
                                               'customerId', v_referral_flag.customer_id));
    end if;
    return private.referral_flag_json(v_referral_flag);
  end if;
  select f.dismissed_at into v_was from private.velocity_flags f where f.id = p_flag_id for update;
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  -- Dismissing twice keeps the first time and records nothing new.
  if v_was is null then
    perform private.audit('flag.dismiss', 'velocity_flag', v_flag.id::text,
                          jsonb_build_object('dismissedAt', null),
                          jsonb_build_object('dismissedAt', v_flag.dismissed_at, 'customerId', v_flag.customer_id));
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;
revoke execute on function app.dismiss_velocity_flag(uuid) from public;
grant execute on function app.dismiss_velocity_flag(uuid) to authenticated;

-- "Bring a neighbour" (docs/RULES.md, Referrals): every member has a short code; a neighbour who
-- joins with it and makes their first approved visit earns both of them a bonus the operator sets
-- (0 = off, the default), as ledger events, once per neighbour. Never for a phone that was already
-- a member (forgotten and rejoined included), never for the referrer themselves, at most
-- bonuses_per_month per referrer, and a referrer with many neighbours joining in one day is flagged
-- for the operator beside the velocity flags (private.referral_flags, 60_limits.sql).
--
-- Where it happens, all in SQL and in the same transaction as what causes it:
--   * joining: app.create_customer_with_referral / app.claim_customer_with_referral record the
--     referral (or its refusal) after the customer is made;
--   * the bonus: a trigger on the points ledger's visit_approved event, inside app.approve_visit,
--     under the neighbour's row lock (then the referrer's: a referrer always joined before their
--     neighbour, so the two locks are always taken newer member first and cannot deadlock);
--   * a void: a trigger on visits, inside app.void_visit (the welcome reward's rule, below);
--   * forgetting: a trigger on customers removes the member's code and every referral's link to them.

-- The operator's settings (/admin → Programme, "Bring a neighbour"). One row.
create table private.referral_settings (
  id boolean primary key default true check (id),
  -- Points each of the two gets; 0: off (no bonus, referrals are still recorded).
  bonus_points integer not null default 0 check (bonus_points between 0 and 1000),
  -- At most this many bonuses per referrer per month (programme time zone); 0: no cap.
  bonuses_per_month integer not null default 5 check (bonuses_per_month between 0 and 100),
  -- This many neighbours joining with one member's code in one day flags the member; 0: off.
  flag_joins_per_day integer not null default 5 check (flag_joins_per_day between 0 and 100)
);
insert into private.referral_settings default values;
alter table private.referral_settings enable row level security;
revoke all on private.referral_settings from anon, authenticated, service_role;

-- A member's code: 6 characters of 2-9 and A-Z without I and O (no 0/O or 1/I to confuse), drawn
-- at random (30 bits; not derived from the member's id), one per member, unique. Made when the
-- customer row is made; deleted when the member is forgotten.
create table private.referral_codes (
  customer_id uuid primary key references public.customers (id) on delete cascade,
  code text not null unique check (code ~ '^[2-9A-HJ-NP-Z]{6}$'),
  created_at timestamptz not null default now()
);
alter table private.referral_codes enable row level security;
revoke all on private.referral_codes from anon, authenticated, service_role;

-- One row per neighbour who joined with a code (referred_id unique: once per neighbour).
--   pending       joined; no approved visit yet (or the visit that earned the bonus was voided)
--   rewarded      the first approved visit earned both their bonus (bonus_points, bonus_visit_id)
--   not_rewarded  the first approved visit came, but no bonus: bonus_off, monthly_cap, referrer_inactive
--   ineligible    refused at join: returning_phone (the phone was a member before), same_person
-- referrer_id is null once either of the two is forgotten: no row then links them.
create table private.referrals (
  id uuid primary key default gen_random_uuid(),
  referred_id uuid not null unique references public.customers (id) on delete cascade,
  referrer_id uuid references public.customers (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'rewarded', 'not_rewarded', 'ineligible')),
  reason text check (reason in ('returning_phone', 'same_person', 'bonus_off', 'monthly_cap', 'referrer_inactive')),
  created_at timestamptz not null default now(),
  bonus_points integer check (bonus_points > 0),
  bonus_visit_id uuid references public.visits (id) on delete set null,
  rewarded_at timestamptz,
  constraint referrals_not_self check (referrer_id <> referred_id),
  constraint referrals_rewarded_has_bonus check ((status = 'rewarded') = (bonus_points is not null and rewarded_at is not null)),
  constraint referrals_reason_when_closed check ((status in ('pending', 'rewarded')) = (reason is null)),
  constraint referrals_ineligible_reason check (status <> 'ineligible' or reason in ('returning_phone', 'same_person'))
);
alter table private.referrals enable row level security;
revoke all on private.referrals from anon, authenticated, service_role;
create index referrals_referrer_idx on private.referrals (referrer_id, created_at);
create index referrals_bonus_visit_idx on private.referrals (bonus_visit_id);

-- A bonus is paid once per person per qualifying visit: a retried or parallel approval cannot
-- write a second one (the row lock already serialises them; this holds even if it did not).
create unique index points_ledger_referral_bonus_once on public.points_ledger (customer_id, visit_id)
  where event = 'referral_bonus';

-- Phones that were ever a member's, as keyed hashes only (no phone, no customer, no time): what
-- tells a neighbour who is new from a phone that was a member before — including one whose
-- member was forgotten and joined again, the abuse a bonus invites. Compatible with erasure:
-- forgetting removes everything that names the member, and this row names nobody — it cannot be
-- read back into a number without the secret key (private.referral_secret, never leaves the
-- database), it is not linked to the forgotten row or to any record, and it answers one question
-- only, "was this phone a member before?", asked only when a referral code is used at join
-- (fraud prevention, a legitimate interest). Phones forgotten before this table existed are not
-- in it.
create table private.member_phone_fingerprints (
  fingerprint bytea primary key check (length(fingerprint) = 32)
);
alter table private.member_phone_fingerprints enable row level security;
revoke all on private.member_phone_fingerprints from anon, authenticated, service_role;

-- The key of those hashes: 32 random bytes, made on first use.
create table private.referral_secret (
  id boolean primary key default true check (id),
  salt bytea not null check (length(salt) = 32)
);
alter table private.referral_secret enable row level security;
revoke all on private.referral_secret from anon, authenticated, service_role;

-- The keyed hash of a phone (E.164).
create or replace function private.phone_fingerprint(p_phone text)
returns bytea
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea;
begin
  select s.salt into v_salt from private.referral_secret s where s.id;
  if v_salt is null then
    insert into private.referral_secret (salt)
    values (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
    on conflict (id) do nothing;
    select s.salt into v_salt from private.referral_secret s where s.id;
  end if;
  return sha256(v_salt || convert_to(p_phone, 'UTF8') || v_salt);
end;
$$;
revoke execute on function private.phone_fingerprint(text) from public;

-- Whether the phone was a member's before now.
create or replace function private.phone_was_member(p_phone text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select p_phone is not null
     and exists (select 1 from private.member_phone_fingerprints f where f.fingerprint = private.phone_fingerprint(p_phone))
$$;
revoke execute on function private.phone_was_member(text) from public;

-- A code as typed or linked: spaces and dashes dropped, upper case.
create or replace function private.normalize_referral_code(p_code text)
returns text
language sql immutable
set search_path = ''
as $$
  select upper(regexp_replace(coalesce(p_code, ''), '[[:space:]-]', '', 'g'))
$$;
revoke execute on function private.normalize_referral_code(text) from public;

-- Gives a member a code if they have none. Returns it.
create or replace function private.ensure_referral_code(p_customer_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  v_bytes bytea;
  v_code text;
begin
  select rc.code into v_code from private.referral_codes rc where rc.customer_id = p_customer_id;
  if v_code is not null then
    return v_code;
  end if;
  for i in 1..10 loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    v_code := '';
    for j in 0..5 loop
      v_code := v_code || substr(c_alphabet, get_byte(v_bytes, j) % 32 + 1, 1);
    end loop;
    insert into private.referral_codes (customer_id, code) values (p_customer_id, v_code) on conflict do nothing;
    if found then
      return v_code;
    end if;
    select rc.code into v_code from private.referral_codes rc where rc.customer_id = p_customer_id;
    if v_code is not null then
      return v_code;
    end if;
  end loop;
  perform private.fail('503', 'Could not make an invitation code; try again');
end;
$$;
revoke execute on function private.ensure_referral_code(uuid) from public;

-- Every new member gets a code, and every phone a member has is remembered (as its fingerprint).
create or replace function private.customers_referral_bookkeeping()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.phone is not null then
    insert into private.member_phone_fingerprints (fingerprint) values (private.phone_fingerprint(new.phone))
    on conflict do nothing;
  end if;
  if tg_op = 'INSERT' and new.forgotten_at is null then
    perform private.ensure_referral_code(new.id);
  end if;
  return null;
end;
$$;
revoke execute on function private.customers_referral_bookkeeping() from public;

create trigger customers_referral_bookkeeping
  after insert or update of phone on public.customers
  for each row execute function private.customers_referral_bookkeeping();

-- Forgetting a member removes their code and every referral's link to them: as a referrer (their
-- neighbours' rows keep only that they were invited) and as a neighbour (their row keeps only
-- what the ledger needs to reverse a bonus on a later void). Bonus events stay in the ledger,
-- anonymous like the rest of it.
create or replace function private.customers_forget_referrals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.referral_codes rc where rc.customer_id = new.id;
  update private.referrals r set referrer_id = null where r.referrer_id = new.id or r.referred_id = new.id;
  return null;
end;
$$;
revoke execute on function private.customers_forget_referrals() from public;

create trigger customers_forget_referrals
  after update of forgotten_at on public.customers
  for each row when (old.forgotten_at is null and new.forgotten_at is not null)
  execute function private.customers_forget_referrals();

-- The referrer a code names, if it can still invite (not forgotten, not suspended).
create or replace function private.referrer_for_code(p_code text)
returns uuid
language sql stable
security definer
set search_path = ''
as $$
  select rc.customer_id
    from private.referral_codes rc
    join public.customers c on c.id = rc.customer_id
   where rc.code = private.normalize_referral_code(p_code)
     and c.forgotten_at is null and c.suspended_at is null
$$;
revoke execute on function private.referrer_for_code(text) from public;

-- Flags the referrer once a day when p_joins neighbours (any status) joined with their code today
-- (the Flags tab, beside velocity). The caller holds the referrer's row lock.
create or replace function private.note_referral_velocity(p_referrer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select s.flag_joins_per_day from private.referral_settings s where s.id);
  v_day date := (now() at time zone private.programme_time_zone())::date;
  v_joins integer;
begin
  if v_threshold = 0 then
    return;
  end if;
  select count(*) into v_joins
    from private.referrals r, private.day_bounds(v_day) d
   where r.referrer_id = p_referrer_id and r.created_at >= d.starts_at and r.created_at < d.ends_at;
  if v_joins >= v_threshold then
    insert into private.referral_flags (customer_id, day, joins)
    values (p_referrer_id, v_day, v_joins)
    on conflict (customer_id, day) do update set joins = greatest(private.referral_flags.joins, excluded.joins);
  end if;
end;
$$;
revoke execute on function private.note_referral_velocity(uuid) from public;

-- Records the referral of a customer just made (p_returning: their phone was a member's before this
-- sign-up). Returns 'accepted' when the code named a member who can invite, 'invalid' otherwise,
-- null without a code. An invalid code never stops the sign-up, and the answer never says why a
-- valid one earns nothing: that would tell whoever typed a phone that it was a member before.
-- The same person: the referrer's own phone (now or before), their signed-in user or phone claim,
-- or their email.
create or replace function private.record_referral(
  p_referred_id uuid, p_code text, p_returning boolean, p_phone text, p_email text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referrer public.customers;
  v_referrer_id uuid;
  v_same boolean;
  v_email text := lower(nullif(btrim(coalesce(p_email, '')), ''));
begin
  if private.normalize_referral_code(p_code) = '' then
    return null;
  end if;
  v_referrer_id := private.referrer_for_code(p_code);
  if v_referrer_id is null or v_referrer_id = p_referred_id then
    return 'invalid';
  end if;
  select * into v_referrer from public.customers c where c.id = v_referrer_id for update;
  v_same := v_referrer.phone = p_phone
         or exists (select 1 from private.customer_former_phones f where f.customer_id = v_referrer.id and f.phone = p_phone)
         or (auth.uid() is not null and v_referrer.user_id = auth.uid())
         or v_referrer.phone = private.jwt_phone()
         or (v_email is not null and lower(v_referrer.email) = v_email);
  insert into private.referrals (referred_id, referrer_id, status, reason)
  values (p_referred_id, v_referrer.id,
          case when coalesce(v_same, false) or p_returning then 'ineligible' else 'pending' end,
          case when coalesce(v_same, false) then 'same_person' when p_returning then 'returning_phone' end)
  on conflict (referred_id) do nothing;
  perform private.note_referral_velocity(v_referrer.id);
  return 'accepted';
end;
$$;
revoke execute on function private.record_referral(uuid, text, boolean, text, text) from public;

-- Sign-up with an optional code (POST /api/customers): app.create_customer, then the referral.
-- Whether the phone was a member before is asked before the new row remembers it.
-- Returns app.create_customer's answer and "referral": 'accepted' | 'invalid' | null.
create or replace function app.create_customer_with_referral(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_sms_consent_wording text default null,
  p_referral_code text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_returning boolean := private.phone_was_member(v_phone);
  v_result jsonb;
begin
  v_result := app.create_customer(p_name, p_phone, p_email, p_sms_consent, p_email_consent, p_location_id,
                                  p_sms_consent_wording);
  return v_result || jsonb_build_object('referral', private.record_referral(
    (v_result -> 'customer' ->> 'id')::uuid, p_referral_code, v_returning, v_phone, p_email));
end;
$$;
revoke execute on function app.create_customer_with_referral(text, text, text, boolean, boolean, text, text, text) from public;
grant execute on function app.create_customer_with_referral(text, text, text, boolean, boolean, text, text, text) to anon, authenticated;

-- The mobile sign-up (POST /api/auth/verify with a name): app.claim_customer, then the referral
-- when it made a new customer (a member who signs in is not a neighbour).
create or replace function app.claim_customer_with_referral(
  p_name text default null,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_sms_consent_wording text default null,
  p_referral_code text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.jwt_phone();
  v_returning boolean := private.phone_was_member(v_phone);
  v_result jsonb;
begin
  v_result := app.claim_customer(p_name, p_email, p_sms_consent, p_email_consent, p_sms_consent_wording);
  if not (v_result ->> 'created')::boolean then
    return v_result || jsonb_build_object('referral', null);
  end if;
  return v_result || jsonb_build_object('referral', private.record_referral(
    (v_result -> 'customer' ->> 'id')::uuid, p_referral_code, v_returning, v_phone, p_email));
end;
$$;
revoke execute on function app.claim_customer_with_referral(text, text, boolean, boolean, text, text) from public;
grant execute on function app.claim_customer_with_referral(text, text, boolean, boolean, text, text) to authenticated;

-- GET /api/referrals/{code}: whether a code can be used (the join page's "You were invited by a
-- neighbour") and the bonus now. It never names the member: a code is passed around, and anyone
-- holding one would otherwise learn a member's name.
create or replace function app.check_referral_code(p_code text)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('valid', length(p_code) <= 32 and private.referrer_for_code(p_code) is not null,
                            'bonusPoints', (select s.bonus_points from private.referral_settings s where s.id))
$$;
revoke execute on function app.check_referral_code(text) from public;
grant execute on function app.check_referral_code(text) to anon, authenticated;

-- Points for one side of a referral, as a ledger event, with the tier rewards the new total
-- reaches (as an adjustment does). The caller holds the customer's row lock.
create or replace function private.add_referral_points(p_customer_id uuid, p_points integer, p_visit_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
  v_unlocked uuid;
begin
  v_total := private.record_event(p_customer_id, 'referral_bonus', p_points, p_visit_id);
  for v_unlocked in
    insert into public.customer_rewards (customer_id, reward_id)
    select p_customer_id, r.id
      from public.rewards r join public.tiers t on t.name = r.tier
     where r.kind = 'tier' and t.min_points <= v_total
    on conflict do nothing
    returning id
  loop
    perform private.record_event(p_customer_id, 'reward_unlocked', 0, p_visit_id, v_unlocked);
  end loop;
end;
$$;
revoke execute on function private.add_referral_points(uuid, integer, uuid) from public;

-- The bonus, at the neighbour's first approved visit: after its visit_approved event, in the same
-- approval (app.approve_visit holds the neighbour's row lock). The referral must be pending and
-- this their only approved visit; then, with the bonus on, the referrer active and under the month's
-- cap, both get bonus_points, each a referral_bonus event naming the visit. Otherwise the referral
-- is closed with the reason. The neighbour's tier rewards follow in the approval itself (it reads
-- the total after this); the referrer's here. Nothing for a referral that is not pending.
create or replace function private.referral_bonus_on_visit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referral private.referrals;
  v_settings private.referral_settings;
  v_referrer public.customers;
  v_month_start timestamptz;
  v_reason text;
begin
  select * into v_referral from private.referrals r
   where r.referred_id = new.customer_id and r.status = 'pending'
     for update;
  if not found then
    return null;
  end if;
  if exists (select 1 from public.visits v
              where v.customer_id = new.customer_id and v.status = 'approved' and v.id <> new.visit_id) then
    return null;
  end if;
  select * into v_settings from private.referral_settings s where s.id;
  if v_referral.referrer_id is not null then
    select * into v_referrer from public.customers c where c.id = v_referral.referrer_id for update;
  end if;
  v_month_start := date_trunc('month', now() at time zone private.programme_time_zone())
                   at time zone private.programme_time_zone();
  v_reason := case
    when v_settings.bonus_points = 0 then 'bonus_off'
    when v_referrer.id is null or v_referrer.forgotten_at is not null or v_referrer.suspended_at is not null
      then 'referrer_inactive'
    when v_settings.bonuses_per_month > 0 and (
      select count(*) from private.referrals r
       where r.referrer_id = v_referrer.id and r.status = 'rewarded' and r.rewarded_at >= v_month_start
    ) >= v_settings.bonuses_per_month then 'monthly_cap'
  end;
  if v_reason is not null then
    update private.referrals r set status = 'not_rewarded', reason = v_reason where r.id = v_referral.id;
    return null;
  end if;
  update private.referrals r
     set status = 'rewarded', bonus_points = v_settings.bonus_points, bonus_visit_id = new.visit_id, rewarded_at = now()
   where r.id = v_referral.id;
  perform private.record_event(new.customer_id, 'referral_bonus', v_settings.bonus_points, new.visit_id, null,
                               new.location_id);
  perform private.add_referral_points(v_referrer.id, v_settings.bonus_points, new.visit_id);
  return null;
end;
$$;
revoke execute on function private.referral_bonus_on_visit() from public;

create trigger points_ledger_referral_bonus
  after insert on public.points_ledger
  for each row when (new.event = 'visit_approved')
  execute function private.referral_bonus_on_visit();

-- A void, as the welcome reward is treated: when the neighbour has no approved visit left, the
-- bonus is taken back from both (referral_bonus_voided events with the void's reason, never below
-- 0 points; the referrer's tier rewards follow, the neighbour's follow in app.void_visit) and the
-- referral is pending again, so their next approved visit — their first again — earns it anew.
-- While another approved visit of theirs stands, the bonus stands.
create or replace function private.referral_bonus_on_void()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referral private.referrals;
  v_event record;
  v_total integer;
begin
  select * into v_referral from private.referrals r
   where r.referred_id = new.customer_id and r.status = 'rewarded'
     for update;
  if not found or exists (select 1 from public.visits v
                           where v.customer_id = new.customer_id and v.status = 'approved') then
    return null;
  end if;
  -- The neighbour first (app.void_visit holds their lock), then the referrer.
  for v_event in
    select e.customer_id, e.points
      from public.points_ledger e
     where e.event = 'referral_bonus' and e.visit_id = v_referral.bonus_visit_id
     order by (e.customer_id = new.customer_id) desc, e.id
  loop
    select c.total_points into v_total from public.customers c where c.id = v_event.customer_id for update;
    perform private.record_event(v_event.customer_id, 'referral_bonus_voided', -least(v_event.points, v_total),
                                 new.id, null, null, null, coalesce(new.void_reason, 'Visit voided'));
    if v_event.customer_id <> new.customer_id then
      perform private.reverse_unearned_rewards(v_event.customer_id, new.id, coalesce(new.void_reason, 'Visit voided'));
    end if;
  end loop;
  update private.referrals r
     set status = 'pending', bonus_points = null, bonus_visit_id = null, rewarded_at = null
   where r.id = v_referral.id;
  return null;
end;
$$;
revoke execute on function private.referral_bonus_on_void() from public;

create trigger visits_referral_bonus_void
  after update of status on public.visits
  for each row when (old.status = 'approved' and new.status = 'voided')
  execute function private.referral_bonus_on_void();

-- GET /api/me/referral: the member's code, the link's path, how many neighbours joined with it and
-- how many of them earned the bonus, and the bonus now (0: off).
create or replace function app.my_referral()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := private.current_customer_id();
  v_code text;
begin
  if v_id is null then
    perform private.fail('404', 'No membership is linked to this sign-in');
  end if;
  if exists (select 1 from public.customers c where c.id = v_id and c.forgotten_at is null) then
    v_code := private.ensure_referral_code(v_id);
  end if;
  return jsonb_build_object(
    'code', v_code,
    'path', '/join?ref=' || v_code,
    'joined', (select count(*) from private.referrals r where r.referrer_id = v_id),
    'rewarded', (select count(*) from private.referrals r where r.referrer_id = v_id and r.status = 'rewarded'),
    'bonusPoints', (select s.bonus_points from private.referral_settings s where s.id));
end;
$$;
revoke execute on function app.my_referral() from public;
grant execute on function app.my_referral() to authenticated;

-- The settings as the API says them.
create or replace function private.referral_settings_json()
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('bonusPoints', s.bonus_points, 'bonusesPerMonth', s.bonuses_per_month,
                            'flagJoinsPerDay', s.flag_joins_per_day)
    from private.referral_settings s where s.id
$$;
revoke execute on function private.referral_settings_json() from public;

-- GET /api/admin/referrals.
create or replace function app.admin_referral_settings()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the programme''s settings');
  return private.referral_settings_json();
end;
$$;
revoke execute on function app.admin_referral_settings() from public;
grant execute on function app.admin_referral_settings() to authenticated;

-- PUT /api/admin/referrals: the bonus (0–1000, 0 off), the monthly cap per referrer (0–100, 0 no
-- cap) and the day's joins that flag a referrer (0–100, 0 off). One 'settings.referrals' audit row
-- when anything changed. Applies from the next approval: bonuses already paid stay.
create or replace function app.admin_update_referral_settings(
  p_bonus_points integer, p_bonuses_per_month integer, p_flag_joins_per_day integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
begin
  perform private.require_admin('Only admins can change the programme''s settings');
  if p_bonus_points is null or p_bonus_points not between 0 and 1000 then
    perform private.fail('400', 'The bonus is 0 to 1000 points (0 turns it off)');
  end if;
  if p_bonuses_per_month is null or p_bonuses_per_month not between 0 and 100 then
    perform private.fail('400', 'Bonuses per member per month is 0 to 100 (0: no limit)');
  end if;
  if p_flag_joins_per_day is null or p_flag_joins_per_day not between 0 and 100 then
    perform private.fail('400', 'Neighbours in one day that flag a member is 0 to 100 (0: off)');
  end if;
  perform 1 from private.referral_settings s where s.id for update;
  v_before := private.referral_settings_json();
  update private.referral_settings s
     set bonus_points = p_bonus_points, bonuses_per_month = p_bonuses_per_month,
         flag_joins_per_day = p_flag_joins_per_day
   where s.id;
  v_after := private.referral_settings_json();
  if v_after is distinct from v_before then
    perform private.audit('settings.referrals', 'settings', 'referrals', v_before, v_after);
  end if;
  return v_after;
end;
$$;
revoke execute on function app.admin_update_referral_settings(integer, integer, integer) from public;
grant execute on function app.admin_update_referral_settings(integer, integer, integer) to authenticated;

-- Every member now gets a code, and every phone a member has or had is remembered. Phones of
-- members forgotten before today are gone and cannot be.
insert into private.member_phone_fingerprints (fingerprint)
select distinct private.phone_fingerprint(p.phone)
  from (select c.phone from public.customers c where c.phone is not null
        union
        select f.phone from private.customer_former_phones f) p
on conflict do nothing;
select private.ensure_referral_code(c.id) from public.customers c where c.forgotten_at is null;

-- "Download my data": everything stored about the member — their record, the phones they had
-- before, consents (with the wording), visits, the points ledger, rewards, and "Bring a neighbour"
-- (their invitation code, the invitation they joined with, how many neighbours joined with theirs;
-- the tables are 97_referrals.sql's).
create or replace function app.my_data_export()
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
