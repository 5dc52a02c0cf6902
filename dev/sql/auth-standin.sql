-- State of the dev-only Supabase Auth stand-in (dev/auth), applied after base.sql: GoTrue's
-- record of how each session signed in, then (schema auth_dev) the pending SMS codes, the outbox
-- of sent messages that tests and developers read, and rate-limit counters. Never deployed.

-- GoTrue's own table (hosted projects have it): the access token's `amr` claim comes from here,
-- so a refreshed token still says how and when the session signed in.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

create schema if not exists auth_dev;

-- One pending code per phone (a new code replaces it); sent_at drives [auth.sms] max_frequency.
create table if not exists auth_dev.sms_codes (
  phone text primary key,
  code_hash text not null,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table if not exists auth_dev.sms_outbox (
  id bigserial primary key,
  phone text not null,
  code text not null,
  body text not null,
  sent_at timestamptz not null default now()
);
create index if not exists sms_outbox_phone_idx on auth_dev.sms_outbox (phone, id);

-- Fixed-window counters for the [auth.rate_limit] settings.
create table if not exists auth_dev.rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);
