-- Idempotency keys (issue 11 §2; header Idempotency-Key): a retried approval or redemption
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
create index idempotency_keys_created_at_idx on private.idempotency_keys (created_at);
alter table private.idempotency_keys enable row level security;
revoke all on private.idempotency_keys from anon, authenticated, service_role;

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

revoke execute on function private.idempotency_start(text, jsonb), private.idempotency_finish(text, jsonb) from public;
