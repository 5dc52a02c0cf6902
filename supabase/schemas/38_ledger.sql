-- The points ledger: every change of a customer's points or rewards is an
-- append-only event; customers.total_points is always the sum of its deltas. Idempotency keys:
-- a retried approval or redemption answers the first result and never awards twice.

-- The points ledger: every change of a customer's points or
-- rewards is an append-only event, written by the same function that makes the change, in the
-- same transaction. customers.total_points is always the sum of the customer's point deltas.
create table public.points_ledger (
  id bigint generated always as identity primary key,
  -- No foreign keys: the ledger is the record of what happened and outlives what it names
  -- (an admin may remove a customer; the history of their points stays).
  customer_id uuid not null,
  event text not null check (event in (
    'visit_approved',      -- +5 for an approved visit
    'reward_unlocked',     -- a welcome or tier reward unlocked
    'reward_redeemed',     -- an unlocked reward used at a counter
    'visit_voided',        -- an admin voided a visit: its points reversed
    'reward_revoked',      -- a reward the voided visit earned, taken back before it was used
    'reward_clawed_back',  -- a reward the voided visit earned that was already redeemed
    'adjustment',          -- an admin's correction of points
    'redemption_undone',   -- an admin undid a mistaken redemption: the reward is unlocked again
    'reward_expired',      -- an unlocked reward reached its expiry date unused (95_reward_expiry.sql)
    'referral_bonus',      -- "Bring a neighbour": the bonus of a neighbour's first approved visit (97_referrals.sql)
    'referral_bonus_voided' -- that visit was voided and no approved visit of the neighbour is left
  )),
  points integer not null default 0,
  visit_id uuid,
  customer_reward_id uuid,
  location_id text,
  actor_user_id uuid,
  actor_role text check (actor_role in ('kiosk', 'staff', 'admin', 'member', 'system')),
  idempotency_key text check (length(idempotency_key) <= 128),
  reason text check (length(reason) <= 500),
  created_at timestamptz not null default now(),
  check (event in ('visit_approved', 'visit_voided', 'adjustment', 'referral_bonus', 'referral_bonus_voided') or points = 0),
  check (event not in ('visit_voided', 'adjustment', 'redemption_undone', 'referral_bonus_voided') or reason is not null)
);

-- Triggers on public.points_ledger, declared beside their functions in later files:
--   points_ledger_wallet_push (86_wallet.sql)       the member's wallet cards get the new points
--   points_ledger_referral_bonus (97_referrals.sql)  a neighbour's first approved visit: both bonuses

-- Admins read the whole ledger, a member their own events; nobody writes it directly.
alter table public.points_ledger enable row level security;
revoke all on public.points_ledger from anon, authenticated;
grant select on public.points_ledger to authenticated;
create index points_ledger_customer_id_idx on public.points_ledger (customer_id, id);
create index points_ledger_visit_id_idx on public.points_ledger (visit_id);
create index points_ledger_created_at_idx on public.points_ledger (created_at);
create policy "Members read their own ledger events, admins all"
  on public.points_ledger for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- Idempotency keys (header Idempotency-Key): a retried approval or redemption
-- with the same key returns the first result and never awards twice — the base of the kiosk's
-- offline queue. Keys are per caller (Auth user); only successful results are kept (a failed
-- request rolls its key back with everything else, so a retry runs again).
create table private.idempotency_keys (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null check (length(key) between 1 and 128),
  -- What was asked ({"operation", ...} without secrets): the same key for another request is
  -- refused rather than answered with a result that belongs to something else.
  request jsonb not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
alter table private.idempotency_keys enable row level security;
revoke all on private.idempotency_keys from anon, authenticated, service_role;
create index idempotency_keys_created_at_idx on private.idempotency_keys (created_at);

-- Append-only for everyone, the table owner included: history is corrected by new events. The
-- one edit it takes is an erasure, inside private.forget_customer (private.erasing set for its
-- transaction): an admin's reason loses a forgotten member's name and phone; nothing else changes.
create function private.refuse_ledger_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_setting('private.erasing', true) = 'on'
     and to_jsonb(new) - 'reason' = to_jsonb(old) - 'reason' then
    return new;
  end if;
  raise exception using errcode = 'LY403', message = 'The points ledger is append-only';
end;
$$;
revoke execute on function private.refuse_ledger_change() from public;

-- Records one event as the current caller; adds its points to the customer's stored total
-- (the caller holds the customer's row lock). Returns the new total.
create function private.record_event(
  p_customer_id uuid,
  p_event text,
  p_points integer default 0,
  p_visit_id uuid default null,
  p_customer_reward_id uuid default null,
  p_location_id text default null,
  p_idempotency_key text default null,
  p_reason text default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
begin
  insert into public.points_ledger (customer_id, event, points, visit_id, customer_reward_id, location_id,
                                    actor_user_id, actor_role, idempotency_key, reason)
  values (p_customer_id, p_event, p_points, p_visit_id, p_customer_reward_id, p_location_id,
          auth.uid(), coalesce(private.counter_actor_role(), 'system'), p_idempotency_key, p_reason);
  if p_points = 0 then
    return (select c.total_points from public.customers c where c.id = p_customer_id);
  end if;
  update public.customers c
     set total_points = c.total_points + p_points
   where c.id = p_customer_id
  returning c.total_points into v_total;
  return v_total;
end;
$$;
revoke execute on function private.record_event(uuid, text, integer, uuid, uuid, text, text, text) from public;

-- Claims a key for this request. Returns null when the request should run (then call
-- private.idempotency_finish with its result), or the stored result of the first request with
-- this key. A parallel request with the same key waits here for the first one to commit (the
-- primary key's insert lock) and then gets its result. The same key with a different request:
-- LY422.
create function private.idempotency_start(p_key text, p_request jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.idempotency_keys;
begin
  if p_key is null then
    return null;
  end if;
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if length(p_key) not between 8 and 128 or p_key !~ '^[\x21-\x7e]+$' then
    perform private.fail('400', 'An idempotency key has 8 to 128 visible ASCII characters');
  end if;
  insert into private.idempotency_keys (user_id, key, request)
  values (auth.uid(), p_key, p_request)
  on conflict do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.idempotency_keys k where k.user_id = auth.uid() and k.key = p_key;
  if v_row.request is distinct from p_request then
    perform private.fail('422', 'This idempotency key was already used for a different request');
  end if;
  return v_row.result;
end;
$$;
revoke execute on function private.idempotency_start(text, jsonb) from public;

create function private.idempotency_finish(p_key text, p_result jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_key is not null then
    update private.idempotency_keys k set result = p_result where k.user_id = auth.uid() and k.key = p_key;
  end if;
  -- Old keys are useless to a retry; drop a few at a time so the table stays small.
  delete from private.idempotency_keys k
   where k.ctid in (select o.ctid from private.idempotency_keys o
                     where o.created_at < now() - interval '7 days' limit 100);
  return p_result;
end;
$$;
revoke execute on function private.idempotency_finish(text, jsonb) from public;

create trigger points_ledger_append_only
  before update or delete on public.points_ledger
  for each row execute function private.refuse_ledger_change();

create trigger points_ledger_no_truncate
  before truncate on public.points_ledger
  for each statement execute function private.refuse_ledger_change();
