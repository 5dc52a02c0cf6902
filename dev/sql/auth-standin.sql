-- State of the dev-only Supabase Auth stand-in (dev/auth): pending SMS codes and the outbox
-- of sent messages that tests and developers read. Never part of a deployed database.
create schema if not exists auth_dev;

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
