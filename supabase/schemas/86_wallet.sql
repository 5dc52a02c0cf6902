-- Wallet cards: a member's Apple Wallet pass and Google Wallet loyalty object,
-- the Apple devices that registered for its updates, and an outbox of update pushes drained by
-- the api function (POST /api/hooks/wallet/drain), like the texts' outbox (48_texts.sql).
--
-- * One card per member (private.wallet_cards): the pass's serial number and the authentication
--   token Apple's devices send back (compared in constant time by the api function).
-- * A point, tier or reward change is always a points-ledger event (38_ledger.sql), so one
--   trigger on the ledger queues the pushes: one row per registered Apple device, and one for
--   the member's Google object if one was issued. A push already queued for that device or
--   object is not queued twice (a partial unique index); one already claimed gets a new row, so
--   a change made while a push is in flight is pushed again.
-- * A replaced printed card (22_member_cards.sql) changes the QR the wallet card shows, so a
--   trigger on private.member_cards queues the same pushes and moves the card's tag.
-- * The card's "updated" tag (passesUpdatedSince) is the member's last ledger event id, or the
--   tag its last card replacement drew from the ledger's id sequence when that is later: one
--   sequence keeps every card's tag in one order, so a device's lastUpdated compares them all.

create table private.wallet_cards (
  customer_id uuid primary key references public.customers (id) on delete cascade,
  serial uuid not null unique default gen_random_uuid(),
  -- Apple's authenticationToken (at least 16 characters): 64 hex characters, 244 random bits.
  auth_token text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    check (length(auth_token) >= 32),
  -- A Google Wallet save link was issued: changes PATCH the member's loyalty object.
  google_issued boolean not null default false,
  created_at timestamptz not null default now(),
  -- The member's printed card was replaced (its QR changed): when, and the tag it drew.
  card_tag bigint not null default 0,
  card_changed_at timestamptz
);
alter table private.wallet_cards enable row level security;
revoke all on private.wallet_cards from anon, authenticated, service_role;

create table private.wallet_devices (
  device_id text not null check (length(device_id) between 1 and 200),
  serial uuid not null references private.wallet_cards (serial) on delete cascade,
  customer_id uuid not null references public.customers (id) on delete cascade,
  push_token text not null check (length(push_token) between 1 and 200),
  created_at timestamptz not null default now(),
  primary key (device_id, serial)
);
alter table private.wallet_devices enable row level security;
revoke all on private.wallet_devices from anon, authenticated, service_role;
create index wallet_devices_customer_idx on private.wallet_devices (customer_id);
create index wallet_devices_serial_idx on private.wallet_devices (serial);

-- The outbox: one row per push (an empty APNs push to a device, or a PATCH of a Google object).
create table private.wallet_pushes (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('apple', 'google')),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Apple: the device's push token; Google: ''.
  push_token text not null default '' check (length(push_token) <= 200),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  error text check (length(error) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table private.wallet_pushes enable row level security;
revoke all on private.wallet_pushes from anon, authenticated, service_role;
create unique index wallet_pushes_one_queued_idx on private.wallet_pushes (kind, customer_id, push_token)
  where status = 'queued';
create index wallet_pushes_due_idx on private.wallet_pushes (next_attempt_at) where status = 'queued';
create index wallet_pushes_sending_idx on private.wallet_pushes (updated_at) where status = 'sending';
create index wallet_pushes_customer_idx on private.wallet_pushes (customer_id);

-- Queues one push per registered Apple device of a member and one for their Google object, if
-- one was issued; a target that already has a push queued gets no second one.
create function private.wallet_queue_pushes(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Most members have no wallet card: two index probes with cached plans, and no insert planned
  -- (a SQL function's insert was planned again at every call, on every approval).
  if not exists (select 1 from private.wallet_devices d where d.customer_id = p_customer_id)
     and not exists (select 1 from private.wallet_cards w where w.customer_id = p_customer_id and w.google_issued) then
    return;
  end if;
  insert into private.wallet_pushes (kind, customer_id, push_token)
  select 'apple', d.customer_id, d.push_token from private.wallet_devices d where d.customer_id = p_customer_id
  union all
  select 'google', w.customer_id, '' from private.wallet_cards w
   where w.customer_id = p_customer_id and w.google_issued
  on conflict do nothing;
end;
$$;
revoke execute on function private.wallet_queue_pushes(uuid) from public;

-- The ledger's trigger: the approval's hot path pays one index probe when the member has no
-- wallet card, and one insert per registered device (plus one for Google) when they do.
create function private.wallet_ledger_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wallet_queue_pushes(new.customer_id);
  return null;
end;
$$;
revoke execute on function private.wallet_ledger_changed() from public;

create trigger points_ledger_wallet_push
  after insert on public.points_ledger
  for each row execute function private.wallet_ledger_changed();

-- A printed card was replaced: the wallet card's QR changes with it. The card's tag moves past
-- every ledger id so far (passesUpdatedSince lists it) and its devices and Google object are
-- pushed. A member without a wallet card has nothing to update.
create function private.wallet_member_card_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.wallet_cards w
     set card_tag = nextval(pg_get_serial_sequence('public.points_ledger', 'id')), card_changed_at = now()
   where w.customer_id = new.customer_id;
  if found then
    perform private.wallet_queue_pushes(new.customer_id);
  end if;
  return null;
end;
$$;
revoke execute on function private.wallet_member_card_changed() from public;

create trigger member_cards_wallet_push
  after insert or update on private.member_cards
  for each row execute function private.wallet_member_card_changed();

-- What a card shows, for one member: the card's serial and token, name, points, tier, next
-- goal, businesses visited of those open, the QR value, and the update tag.
create function private.wallet_card_json(p_customer_id uuid)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
           'customerId', c.id, 'serial', w.serial, 'authToken', w.auth_token, 'name', c.name,
           'points', c.total_points, 'tier', private.tier_for(c.total_points),
           'nextGoal', private.next_goal(c.total_points),
           'visited', (select count(distinct v.location_id) from public.visits v
                        where v.customer_id = c.id and v.status = 'approved'),
           'businesses', (select count(*) from public.locations l where l.archived_at is null),
           'rewardsWaiting', (select count(*) from public.customer_rewards cr
                               where cr.customer_id = c.id and cr.status = 'unlocked'),
           'qr', private.member_card_value(c.id),
           'updateTag', greatest(coalesce((select max(pl.id) from public.points_ledger pl where pl.customer_id = c.id), 0),
                                 w.card_tag),
           'updatedAt', greatest(coalesce((select max(pl.created_at) from public.points_ledger pl where pl.customer_id = c.id),
                                          w.created_at),
                                 w.card_changed_at))
    from public.customers c
    join private.wallet_cards w on w.customer_id = c.id
   where c.id = p_customer_id
$$;
revoke execute on function private.wallet_card_json(uuid) from public;

-- The signed-in member's card (GET /api/wallet/apple/pass, /api/wallet/google/link): made on
-- first use; p_google marks that a Google object now exists (its changes get PATCHed).
create function app.my_wallet_card(p_google boolean default false)
returns jsonb
language plpgsql
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
  insert into private.wallet_cards (customer_id, google_issued) values (v_customer_id, coalesce(p_google, false))
  on conflict (customer_id) do update set google_issued = true
   where p_google and not private.wallet_cards.google_issued;
  return private.wallet_card_json(v_customer_id);
end;
$$;
revoke execute on function app.my_wallet_card(boolean) from public;
grant execute on function app.my_wallet_card(boolean) to authenticated;

-- Apple's web service (service_role: the api function checks the token itself).
-- The card of a serial, with its token (null: no such card).
create function app.wallet_card_by_serial(p_serial uuid)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select private.wallet_card_json(w.customer_id) from private.wallet_cards w where w.serial = p_serial
$$;
revoke execute on function app.wallet_card_by_serial(uuid) from public;
grant execute on function app.wallet_card_by_serial(uuid) to service_role;

-- A device registers for a serial's updates: 'created', or 'exists' (its push token refreshed).
create function app.wallet_register_device(p_serial uuid, p_device_id text, p_push_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inserted boolean;
begin
  insert into private.wallet_devices (device_id, serial, customer_id, push_token)
  select p_device_id, w.serial, w.customer_id, p_push_token from private.wallet_cards w where w.serial = p_serial
  on conflict (device_id, serial) do update set push_token = excluded.push_token
  returning (xmax = 0) into v_inserted;
  return case when v_inserted then 'created' when v_inserted is null then 'missing' else 'exists' end;
end;
$$;
revoke execute on function app.wallet_register_device(uuid, text, text) from public;
grant execute on function app.wallet_register_device(uuid, text, text) to service_role;

create function app.wallet_unregister_device(p_serial uuid, p_device_id text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from private.wallet_devices d where d.serial = p_serial and d.device_id = p_device_id returning 1
  )
  select exists (select 1 from gone)
$$;
revoke execute on function app.wallet_unregister_device(uuid, text) from public;
grant execute on function app.wallet_unregister_device(uuid, text) to service_role;

-- The serials a device registered whose tag is after p_since: {"serialNumbers", "lastUpdated"}
-- (null when none).
create function app.wallet_serials_since(p_device_id text, p_since bigint default null)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  with cards as (
    select d.serial,
           greatest(coalesce((select max(pl.id) from public.points_ledger pl where pl.customer_id = d.customer_id), 0),
                    w.card_tag) as tag
      from private.wallet_devices d
      join private.wallet_cards w on w.serial = d.serial
     where d.device_id = p_device_id
  )
  select case when count(*) = 0 then null
              else jsonb_build_object('serialNumbers', jsonb_agg(c.serial::text order by c.serial),
                                      'lastUpdated', max(c.tag)::text) end
    from cards c
   where p_since is null or c.tag > p_since
$$;
revoke execute on function app.wallet_serials_since(text, bigint) from public;
grant execute on function app.wallet_serials_since(text, bigint) to service_role;

-- The drain: claims due pushes (skip locked, so two drains never take one row; a row left
-- 'sending' for 10 minutes is due again). Returns [{"id", "kind", "pushToken", "card"}].
create function app.wallet_pushes_claim(p_limit integer default 50, p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claimed jsonb;
begin
  -- A stale claim goes back to the queue unless a newer push for the same target is queued.
  delete from private.wallet_pushes p
   where p.status = 'sending' and p.updated_at < p_now - interval '10 minutes'
     and exists (select 1 from private.wallet_pushes q where q.status = 'queued' and q.kind = p.kind
                    and q.customer_id = p.customer_id and q.push_token = p.push_token);
  update private.wallet_pushes p
     set status = 'queued', updated_at = p_now
   where p.status = 'sending' and p.updated_at < p_now - interval '10 minutes';

  with due as (
    select p.id from private.wallet_pushes p
     where p.status = 'queued' and p.next_attempt_at <= p_now
     order by p.next_attempt_at, p.id
     limit greatest(least(coalesce(p_limit, 50), 500), 1)
     for update skip locked
  ), claimed as (
    update private.wallet_pushes p
       set status = 'sending', attempts = p.attempts + 1, updated_at = p_now
      from due
     where p.id = due.id
    returning p.id, p.kind, p.customer_id, p.push_token
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'pushToken', c.push_token,
                                               'card', private.wallet_card_json(c.customer_id)) order by c.id),
                  '[]'::jsonb)
    into v_claimed
    from claimed c;
  return v_claimed;
end;
$$;
revoke execute on function app.wallet_pushes_claim(integer, timestamptz) from public;
grant execute on function app.wallet_pushes_claim(integer, timestamptz) to service_role;

-- A claimed push went out.
create function app.wallet_push_sent(p_id bigint, p_now timestamptz default now())
returns boolean
language sql
security definer
set search_path = ''
as $$
  with done as (
    update private.wallet_pushes p set status = 'sent', sent_at = p_now, error = null, updated_at = p_now
     where p.id = p_id and p.status = 'sending' returning 1
  )
  select exists (select 1 from done)
$$;
revoke execute on function app.wallet_push_sent(bigint, timestamptz) from public;
grant execute on function app.wallet_push_sent(bigint, timestamptz) to service_role;

-- A claimed push failed: tried again after 1, 2, 4 ... minutes (at most an hour) up to
-- texts_max_attempts tries; a permanent failure (APNs: the device's token is gone) is 'failed'
-- at once, and an Apple device APNs says is gone is unregistered.
create function app.wallet_push_failed(p_id bigint, p_error text, p_permanent boolean default false,
                                       p_now timestamptz default now())
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max integer;
  v_row private.wallet_pushes;
begin
  select s.texts_max_attempts into v_max from private.settings s;
  update private.wallet_pushes p
     set status = case when p_permanent or p.attempts >= v_max then 'failed' else 'queued' end,
         next_attempt_at = case when p_permanent or p.attempts >= v_max then p.next_attempt_at
                                else p_now + least(interval '1 minute' * power(2, greatest(p.attempts - 1, 0)),
                                                   interval '1 hour') end,
         error = left(coalesce(nullif(p_error, ''), 'not sent'), 500),
         updated_at = p_now
   where p.id = p_id and p.status = 'sending'
     -- Back to the queue only when no newer push for the target waits there (one queued each).
     and (p_permanent or p.attempts >= v_max or not exists (
           select 1 from private.wallet_pushes q where q.status = 'queued' and q.kind = p.kind
              and q.customer_id = p.customer_id and q.push_token = p.push_token))
  returning * into v_row;
  if v_row.id is null then
    -- A newer push is queued for the same target: it carries this change too.
    update private.wallet_pushes p set status = 'failed', error = 'superseded', updated_at = p_now
     where p.id = p_id and p.status = 'sending';
    return case when found then 'superseded' else null end;
  end if;
  if p_permanent and v_row.kind = 'apple' then
    delete from private.wallet_devices d where d.customer_id = v_row.customer_id and d.push_token = v_row.push_token;
  end if;
  return v_row.status;
end;
$$;
revoke execute on function app.wallet_push_failed(bigint, text, boolean, timestamptz) from public;
grant execute on function app.wallet_push_failed(bigint, text, boolean, timestamptz) to service_role;

-- The wallet pushes' schedule: every minute pg_cron calls the api function's drain
-- (POST …/functions/v1/api/hooks/wallet/drain) through pg_net, with the same drain secret and
-- functions' address the texts' job reads from Supabase Vault (texts_drain_secret,
-- texts_functions_url, stored by `npm run deploy`); without them the job calls nothing. Created
-- where the extensions exist (hosted Supabase); skipped with a notice where they do not.
do $schedule$
declare
  v_missing text;
begin
  v_missing := case
    when not exists (select 1 from pg_available_extensions where name = 'pg_cron') then 'pg_cron'
    when not exists (select 1 from pg_extension where extname = 'pg_cron')
         and coalesce(current_setting('shared_preload_libraries', true), '') not like '%pg_cron%'
      then 'pg_cron in shared_preload_libraries'
    when to_regproc('net.http_post') is null
         and not exists (select 1 from pg_available_extensions where name = 'pg_net') then 'pg_net'
    when to_regclass('vault.decrypted_secrets') is null then 'Supabase Vault'
  end;
  if v_missing is not null then
    raise notice 'wallet schedule skipped: this database has no %', v_missing;
    return;
  end if;
  create extension if not exists pg_cron;
  if to_regproc('net.http_post') is null then
    create extension if not exists pg_net;
  end if;
  -- cron.schedule with a job's name replaces that job: a second run changes nothing.
  perform cron.schedule('drain-wallet', '* * * * *', $job$
    select net.http_post(
      url := url.decrypted_secret || '/api/hooks/wallet/drain',
      headers := jsonb_build_object('content-type', 'application/json', 'x-drain-secret', secret.decrypted_secret),
      body := '{}'::jsonb,
      timeout_milliseconds := 30000)
      from vault.decrypted_secrets url
      join vault.decrypted_secrets secret on secret.name = 'texts_drain_secret'
     where url.name = 'texts_functions_url'
  $job$);
end;
$schedule$;
