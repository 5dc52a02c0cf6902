-- Signed webhook calls the api has acted on, so that a replayed call is acted on only once.
-- A signature proves who sent a call, not that it is new: a captured Send SMS hook call stays
-- valid for its tolerance (5 minutes either way), and a Twilio request carries no time at all.
-- The api records a call's id here before acting on it (kept in Postgres so that every instance
-- of the function sees every other's):
-- * auth_send_sms: Supabase Auth's `webhook-id` (a new one for every call, retries included);
-- * twilio_inbound: the MessageSid of a member's text (STOP, START, HELP);
-- * twilio_status: MessageSid and status of a delivery report ("SM…:delivered").
create table private.webhook_receipts (
  source text not null check (source in ('auth_send_sms', 'twilio_inbound', 'twilio_status')),
  id text not null check (length(id) between 1 and 200),
  received_at timestamptz not null default now(),
  primary key (source, id)
);
alter table private.webhook_receipts enable row level security;
revoke all on private.webhook_receipts from anon, authenticated, service_role;
create index webhook_receipts_received_at_idx on private.webhook_receipts (source, received_at);

-- How long a source's ids are remembered. A Send SMS call is refused by its timestamp after
-- 5 minutes (and may be dated 5 minutes ahead), so an hour is ample. Twilio signs no time: a
-- captured request could be replayed whenever, so its ids are kept two years (a village's
-- texts are a few rows a day).
create function private.webhook_receipt_keep(p_source text)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case p_source when 'auth_send_sms' then interval '1 hour' else interval '2 years' end
$$;
revoke execute on function private.webhook_receipt_keep(text) from public;

-- True the first time (p_source, p_id) is seen; false for a replay. The primary key decides
-- between parallel calls: the second waits for the first's transaction and then finds its row,
-- so a caller that acts in the same transaction acts once. Ids older than their source's keep
-- are pruned on the way.
create function app.webhook_first_receipt(p_source text, p_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.webhook_receipts r
   where r.source = p_source and r.received_at < now() - private.webhook_receipt_keep(p_source);
  insert into private.webhook_receipts (source, id) values (p_source, p_id) on conflict do nothing;
  return found;
end;
$$;
revoke execute on function app.webhook_first_receipt(text, text) from public;
grant execute on function app.webhook_first_receipt(text, text) to service_role;
