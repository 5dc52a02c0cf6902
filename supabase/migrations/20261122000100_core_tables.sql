-- Core tables of the village loyalty programme (DESIGN.md §3). Every "once" rule of the
-- programme is backed here by a unique constraint, so no code path can break it.

create schema if not exists private;
create schema if not exists app;

-- Tiers: Bronze < 10 <= Silver < 20 <= Gold (SPEC §4). The thresholds live only here.
create table public.tiers (
  name text primary key check (name in ('Bronze', 'Silver', 'Gold')),
  min_points integer not null unique check (min_points >= 0),
  -- What the next-goal card calls this tier's reward ("$5 Off - Silver Status").
  goal_label text
);
insert into public.tiers (name, min_points, goal_label) values
  ('Bronze', 0, null),
  ('Silver', 10, '$5 Off - Silver Status'),
  ('Gold', 20, '$10 Off - Gold Status');

create table public.locations (
  -- A stable slug (chatterbox, creamery, ...): it appears in routes, QR payloads and filters.
  id text primary key check (id ~ '^[a-z][a-z0-9-]{1,40}$'),
  business_name text not null check (length(business_name) between 1 and 100),
  kind text not null check (length(kind) between 1 and 50),
  description text not null check (length(description) <= 1000),
  address text not null check (length(address) <= 200),
  logo_url text not null check (length(logo_url) <= 500),
  -- Dashboard presentation (SPEC §2 top locations): an icon name and a colour token.
  icon text not null default 'store' check (icon in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store')),
  color text not null default 'slate' check (color ~ '^[a-z]{3,20}$'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table public.rewards (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('welcome', 'tier')),
  -- A welcome reward belongs to one business; a tier reward to one tier and every business.
  location_id text references public.locations (id) on delete cascade,
  tier text references public.tiers (name),
  name text not null check (length(name) between 1 and 100),
  description text not null check (length(description) <= 500),
  -- 'network' means usable at any location (SPEC §3).
  scope text not null check (scope in ('location', 'network')),
  created_at timestamptz not null default now(),
  check (
    (kind = 'welcome' and location_id is not null and tier is null and scope = 'location')
    or (kind = 'tier' and location_id is null and tier is not null and scope = 'network')
  )
);
-- One welcome reward per business, one reward per tier.
create unique index rewards_one_welcome_per_location on public.rewards (location_id) where kind = 'welcome';
create unique index rewards_one_per_tier on public.rewards (tier) where kind = 'tier';

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  -- The Supabase Auth user who signed in with this phone (set on first verified sign-in).
  user_id uuid unique references auth.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 100),
  -- E.164, US numbers only (SPEC §9: 10 digits). One customer per phone (DESIGN §3.6).
  phone text not null unique check (phone ~ '^\+1[2-9][0-9]{9}$'),
  email text check (email is null or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  sms_consent boolean not null default false,
  email_consent boolean not null default false,
  signup_location_id text references public.locations (id) on delete set null,
  signup_channel text not null check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  -- Lifetime points: always the sum of the customer's points_ledger deltas (5 per approved,
  -- unvoided visit). Only the app functions change it, under a row lock, with a ledger event.
  total_points integer not null default 0 check (total_points >= 0),
  created_at timestamptz not null default now()
);
create index customers_signup_location_id_idx on public.customers (signup_location_id);
create index customers_created_at_idx on public.customers (created_at);

-- A kiosk is an anonymous Auth user (one per device) with a session at one location.
create table public.kiosk_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  device_fingerprint text check (length(device_fingerprint) <= 512),
  -- Set when the kiosk proved its location's enrolment code; cleared when it moves location.
  enrolled_at timestamptz,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index kiosk_sessions_location_id_idx on public.kiosk_sessions (location_id);

create table public.checkin_tokens (
  id uuid primary key default gen_random_uuid(),
  -- Only the SHA-256 of the token is kept: the token itself is shown once, in a QR code.
  token_hash bytea not null unique check (length(token_hash) = 32),
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  channel text not null check (channel in ('kiosk', 'mobile')),
  issued_by_user_id uuid references auth.users (id) on delete set null,
  kiosk_session_id uuid references public.kiosk_sessions (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at),
  check (channel <> 'kiosk' or kiosk_session_id is not null)
);
create index checkin_tokens_customer_id_idx on public.checkin_tokens (customer_id);
create index checkin_tokens_location_id_idx on public.checkin_tokens (location_id);
create index checkin_tokens_issued_by_user_id_idx on public.checkin_tokens (issued_by_user_id);
create index checkin_tokens_kiosk_session_id_idx on public.checkin_tokens (kiosk_session_id);
create index checkin_tokens_expires_at_idx on public.checkin_tokens (expires_at);

create table public.visits (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  points integer not null check (points > 0),
  -- A token approves at most one visit (single use, DESIGN §3.2); member-card scans have none.
  checkin_token_id uuid unique references public.checkin_tokens (id) on delete set null,
  approved_by uuid references auth.users (id) on delete set null,
  approved_via text not null check (approved_via in ('kiosk', 'staff', 'admin')),
  created_at timestamptz not null default now(),
  -- An admin may void a fraudulent visit (app.void_visit): the row stays, marked and explained;
  -- the ledger reverses its points. Every rule and read counts approved visits only.
  status text not null default 'approved' check (status in ('approved', 'voided')),
  voided_at timestamptz,
  voided_by uuid references auth.users (id) on delete set null,
  void_reason text check (length(void_reason) <= 500),
  check ((status = 'voided') = (voided_at is not null and void_reason is not null))
);
create index visits_customer_location_created_idx on public.visits (customer_id, location_id, created_at desc);
create index visits_location_created_idx on public.visits (location_id, created_at desc);
create index visits_created_at_idx on public.visits (created_at desc);
create index visits_approved_by_idx on public.visits (approved_by);
create index visits_voided_by_idx on public.visits (voided_by);

create table public.customer_rewards (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Set null, not cascade, when an admin removes a reward: the unlock (and any redemption)
  -- stays on record and keeps blocking a second welcome reward at that business.
  reward_id uuid references public.rewards (id) on delete set null,
  -- The business of a welcome reward (copied from the reward, null for tier rewards), so that
  -- "one welcome reward per customer per business" is a constraint: a business that replaces
  -- its welcome reward cannot hand a customer a second one.
  welcome_location_id text references public.locations (id) on delete set null,
  -- 'revoked': the visit that earned it was voided before it was redeemed (app.void_visit).
  status text not null default 'unlocked' check (status in ('unlocked', 'redeemed', 'revoked')),
  unlocked_at timestamptz not null default now(),
  unlocked_by_visit_id uuid references public.visits (id) on delete set null,
  redeemed_at timestamptz,
  redeemed_location_id text references public.locations (id) on delete set null,
  redeemed_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  check ((status = 'redeemed') = (redeemed_at is not null)),
  check ((status = 'revoked') = (revoked_at is not null))
);
-- Each reward unlocks at most once per customer, and at most one welcome reward per customer
-- and business (DESIGN §3.3, §3.4). A revoked unlock does not count: the reward can be earned
-- again the way it is earned the first time.
create unique index customer_rewards_once on public.customer_rewards (customer_id, reward_id)
  where status <> 'revoked';
create unique index customer_rewards_one_welcome_per_business on public.customer_rewards (customer_id, welcome_location_id)
  where status <> 'revoked' and welcome_location_id is not null;
create index customer_rewards_customer_id_idx on public.customer_rewards (customer_id);
create index customer_rewards_welcome_location_id_idx on public.customer_rewards (welcome_location_id);
create index customer_rewards_reward_id_idx on public.customer_rewards (reward_id);
create index customer_rewards_unlocked_by_visit_id_idx on public.customer_rewards (unlocked_by_visit_id);
create index customer_rewards_redeemed_location_id_idx on public.customer_rewards (redeemed_location_id);
create index customer_rewards_redeemed_by_idx on public.customer_rewards (redeemed_by);
create index customer_rewards_redeemed_at_idx on public.customer_rewards (redeemed_at) where redeemed_at is not null;

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text check (length(subject) <= 200),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);

-- Server-side state that no API role reads or writes directly.

-- Programme settings (one row).
create table private.settings (
  id boolean primary key default true check (id),
  -- Minimum time between two approved visits of one customer at one business (abuse limit).
  min_visit_interval interval not null default interval '60 minutes' check (min_visit_interval >= interval '0'),
  -- Abuse limits of the field (issue 11 §3; Paytronix's defaults). 0 turns one off.
  -- Minimum time between two approved visits of one customer anywhere in the village.
  min_visit_gap_anywhere interval not null default interval '1 minute' check (min_visit_gap_anywhere >= interval '0'),
  -- At most this many approved visits per customer in any 60 minutes, across the village.
  max_visits_per_hour integer not null default 4 check (max_visits_per_hour >= 0),
  -- A customer with this many approved visits in one programme-time-zone day is flagged (Square).
  velocity_flag_visits integer not null default 5 check (velocity_flag_visits >= 0)
);
insert into private.settings default values;

-- Per-location kiosk enrolment codes, set by an admin, stored salted and hashed.
create table private.location_enrolment_codes (
  location_id text primary key references public.locations (id) on delete cascade,
  salt bytea not null,
  code_hash bytea not null,
  set_by uuid references auth.users (id) on delete set null,
  set_at timestamptz not null default now()
);
create index location_enrolment_codes_set_by_idx on private.location_enrolment_codes (set_by);

-- Fixed-window request counters for the API's abuse limits (shared by every edge instance).
create table private.rate_limit_hits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, key, window_start)
);
create index rate_limit_hits_window_start_idx on private.rate_limit_hits (window_start);
