-- The programme: tiers, the participating businesses, their rewards, and the settings of every
-- abuse limit (one row, private.settings; 0 turns a limit off). Every "once" rule of the
-- programme is backed by a unique constraint, so no code path can break it (docs/RULES.md, the invariants).
--
-- Row level security for every table (docs/RULES.md invariant 7, docs/ROLES-AND-PRIVACY.md): reads go through policies; every
-- write that carries a business rule goes through a function in schema app, so the API roles get
-- no direct insert/update/delete except where a policy says so. One permissive policy per table,
-- action and role keeps the rules readable (and satisfies the linter's
-- multiple_permissive_policies).

-- Tiers: Bronze < 10 <= Silver < 20 <= Gold (PRODUCT §4). The thresholds live only here.
create table public.tiers (
  name text primary key check (name in ('Bronze', 'Silver', 'Gold')),
  min_points integer not null unique check (min_points >= 0),
  -- What the next-goal card calls this tier's reward ("$5 Off - Silver Status").
  goal_label text,
  -- What a tier reward is worth to the business that honours it ($5 Silver, $10 Gold): the
  -- settlement statement shares this cost among the businesses. Welcome rewards have no value
  -- here: each is honoured only by the business that offers it, so it never crosses businesses.
  reward_value_cents integer not null default 0 check (reward_value_cents >= 0)
);
insert into public.tiers (name, min_points, goal_label, reward_value_cents) values
  ('Bronze', 0, null, 0),
  ('Silver', 10, '$5 Off - Silver Status', 500),
  ('Gold', 20, '$10 Off - Gold Status', 1000);

-- Triggers on public.tiers, declared beside their functions in later files:
--   tiers_refuse_hidden_characters (20_customers.sql)  no hidden characters in a goal label

-- Row level security for every table (docs/RULES.md invariant 7, docs/ROLES-AND-PRIVACY.md). Reads go through these policies;
-- every write that carries a business rule goes through a function in schema app, so the
-- API roles get no direct insert/update/delete except where a policy below says so.
-- One permissive policy per table, action and role keeps the rules readable (and satisfies
-- the linter's multiple_permissive_policies).
alter table public.tiers enable row level security;
revoke all on public.tiers from anon, authenticated;

-- The programme catalogue (tiers, businesses, rewards) is public; only admins change it.
grant select on public.tiers to anon, authenticated;

create policy "Anyone can read the tiers"
  on public.tiers for select to anon, authenticated
  using (true);

create table public.locations (
  -- A stable slug (chatterbox, creamery, ...): it appears in routes, QR payloads and filters.
  id text primary key check (id ~ '^[a-z][a-z0-9-]{1,40}$'),
  business_name text not null check (length(business_name) between 1 and 100),
  kind text not null check (length(kind) between 1 and 50),
  description text not null check (length(description) <= 1000),
  address text not null check (length(address) <= 200),
  logo_url text not null check (length(logo_url) <= 500),
  -- Dashboard presentation (PRODUCT §2 top locations): an icon name and a colour token.
  icon text not null default 'store' check (icon in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store')),
  color text not null default 'slate' check (color ~ '^[a-z]{3,20}$'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  -- Opening hours as the business writes them ("Tue–Sun 7am–3pm"), shown on its landing.
  hours text not null default '' check (length(hours) <= 300),
  -- An archived business is hidden from the public lists, its landing, join and
  -- kiosk enrolment, and takes no new members or visits; history, settlement and reports keep it.
  archived_at timestamptz
);
alter table public.locations enable row level security;
revoke all on public.locations from anon, authenticated;
grant select on public.locations to anon, authenticated;
create policy "Anyone can read the participating businesses"
  on public.locations for select to anon, authenticated
  using (true);
-- Admins change businesses only through app.admin_create_location / admin_update_location /
-- admin_archive_location (78_catalogue.sql), which validate and write one audit row each.

-- Triggers on public.locations, declared beside their functions in later files:
--   locations_assign_cross_shopping_bit (67_rollups.sql)  a new business's cross-shopping bit
--   locations_note_programme_change (67_programme_news.sql)  a business joining or leaving, for members' news

create table public.rewards (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('welcome', 'tier', 'prize')),
  -- A welcome reward belongs to one business; a tier reward to one tier and every business.
  location_id text references public.locations (id) on delete cascade,
  tier text references public.tiers (name),
  name text not null check (length(name) between 1 and 100),
  description text not null check (length(description) <= 500),
  -- 'network' means usable at any location (PRODUCT §3).
  scope text not null check (scope in ('location', 'network')),
  created_at timestamptz not null default now(),
  -- A retired reward unlocks for nobody any more; the members who hold it keep it
  -- and can still redeem it. replaced_by names the reward that took its place.
  retired_at timestamptz,
  replaced_by uuid references public.rewards (id),
  -- A prize of the monthly draw (90_draws.sql) unlocks for nobody by visits: a draw gives it. It
  -- belongs to its sponsor; a reward-type prize is valid only there (scope 'location'), a voucher
  -- anywhere ('network'). value_cents (prizes only) is what the business that honours it is owed
  -- by the sponsor (80_coalition.sql's settlement).
  value_cents integer check (value_cents >= 0),
  -- Optional expiry, off by default (points never expire; a reward may): a member's unlock of this
  -- reward stops being redeemable at the end of the programme day this many days after it unlocked
  -- (95_reward_expiry.sql). Null: it never expires. Set by app.admin_set_reward_expiry.
  expires_after_days integer check (expires_after_days between 1 and 365),
  check (
    (kind = 'welcome' and location_id is not null and tier is null and scope = 'location')
    or (kind = 'tier' and location_id is null and tier is not null and scope = 'network')
    or (kind = 'prize' and location_id is not null and tier is null and value_cents is not null)
  ),
  constraint rewards_replacement_retired check (replaced_by is null or retired_at is not null)
);
alter table public.rewards enable row level security;
revoke all on public.rewards from anon, authenticated;
grant select on public.rewards to anon, authenticated;

-- Triggers on public.rewards, declared beside their functions in later files:
--   rewards_refuse_hidden_characters (20_customers.sql)  no hidden characters in a name or description

-- One active welcome reward per business (retired ones stay, for their holders), one reward per tier.
create unique index rewards_one_welcome_per_location on public.rewards (location_id) where kind = 'welcome' and retired_at is null;
create unique index rewards_one_per_tier on public.rewards (tier) where kind = 'tier';
create index rewards_replaced_by_idx on public.rewards (replaced_by);
create policy "Anyone can read the rewards on offer"
  on public.rewards for select to anon, authenticated
  using (true);
-- Admins change rewards only through app.admin_create_reward / admin_update_reward /
-- admin_retire_reward / admin_replace_reward (78_catalogue.sql), each with one audit row.

-- Server-side state that no API role reads or writes directly.
-- Programme settings (one row).
create table private.settings (
  id boolean primary key default true check (id),
  -- Minimum time between two approved visits of one customer at one business (abuse limit).
  min_visit_interval interval not null default interval '60 minutes' check (min_visit_interval >= interval '0'),
  -- Abuse limits of the field (Paytronix's defaults). 0 turns one off.
  -- Minimum time between two approved visits of one customer anywhere in the village.
  min_visit_gap_anywhere interval not null default interval '1 minute' check (min_visit_gap_anywhere >= interval '0'),
  -- At most this many approved visits per customer in any 60 minutes, across the village.
  max_visits_per_hour integer not null default 4 check (max_visits_per_hour >= 0),
  -- A customer with this many approved visits in one programme-time-zone day is flagged (Square).
  velocity_flag_visits integer not null default 5 check (velocity_flag_visits >= 0),
  -- Sign-in code limits, which Supabase Auth does not have: after
  -- sign_in_code_max_failures wrong tries a phone's current code is dead (even the right code
  -- then fails until a new code is sent), and at most sign_in_codes_per_day codes per phone in
  -- any 24 hours (25_sign_in.sql).
  sign_in_codes_per_day integer not null default 5 check (sign_in_codes_per_day >= 0),
  sign_in_code_max_failures integer not null default 5 check (sign_in_code_max_failures >= 0),
  -- Texts (48_texts.sql): at most this many campaign texts per member in any 7 days;
  -- none between texts_quiet_start and texts_quiet_end (programme time: held until the end);
  -- a text the provider refuses is tried at most texts_max_attempts times; texts link to
  -- texts_site_url (the app's public address); campaigns_per_hour per sender.
  marketing_texts_per_week integer not null default 2 check (marketing_texts_per_week >= 0),
  texts_quiet_start time not null default '21:00',
  texts_quiet_end time not null default '09:00',
  texts_max_attempts integer not null default 5 check (texts_max_attempts between 1 and 20),
  texts_site_url text not null default 'http://127.0.0.1:5173' check (texts_site_url ~ '^https?://[^[:space:]]{1,200}$'),
  campaigns_per_hour integer not null default 10 check (campaigns_per_hour >= 0),
  -- The programme's own time zone (days, months, quiet hours, the times texts
  -- name), an IANA name the database knows (app.admin_update_text_settings checks
  -- pg_timezone_names); and what one SMS part costs, in cents, for a campaign's cost estimate.
  time_zone text not null default 'America/Chicago' check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'),
  sms_part_price_cents numeric(5, 2) not null default 0.83 check (sms_part_price_cents between 0 and 100),
  -- Answers to a member's own texts (POINTS, REWARDS, CARD, an unknown word; 66_texts.sql): at
  -- most this many per phone in any hour and in any 7 days. 0 turns a cap off.
  text_answers_per_hour integer not null default 5 check (text_answers_per_hour >= 0),
  text_answers_per_week integer not null default 20 check (text_answers_per_week >= 0)
);
insert into private.settings default values;
alter table private.settings enable row level security;
revoke all on private.settings from anon, authenticated, service_role;

-- The tier a points total earns: the highest tier whose threshold it reaches (PRODUCT §4).
create function private.tier_for(p_points integer)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('name', t.name, 'minPoints', t.min_points)
    from public.tiers t
   where t.min_points <= greatest(coalesce(p_points, 0), 0)
   order by t.min_points desc
   limit 1
$$;
revoke execute on function private.tier_for(integer) from public;
grant execute on function private.tier_for(integer) to authenticated;

-- "December 5, 2026": the last programme day a reward expiring at p_expires_at can be used
-- (an unlock's date is the start of the day after, 95_reward_expiry.sql).
create function private.reward_expiry_day(p_expires_at timestamptz)
returns text
language sql stable
set search_path = ''
as $$
  select to_char((p_expires_at - interval '1 second') at time zone private.programme_time_zone(), 'FMMonth FMDD, YYYY')
$$;

-- The app's public address, which the texts link to (set by private.set_site_url).
create function private.site_url()
returns text
language sql stable
set search_path = ''
as $$
  select rtrim(s.texts_site_url, '/') from private.settings s
$$;
revoke execute on function private.site_url() from public;
