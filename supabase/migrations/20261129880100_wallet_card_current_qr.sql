-- The wallet card shows the member's current card QR (private.member_card_value), not the plain
-- customer:{id} a replacement refuses; a card replacement queues the wallet pushes (one per
-- registered Apple device and one Google PATCH) and moves the card's update tag.

alter table private.wallet_cards
  add column card_tag bigint not null default 0,
  add column card_changed_at timestamptz;

create function private.wallet_queue_pushes(p_customer_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.wallet_pushes (kind, customer_id, push_token)
  select 'apple', d.customer_id, d.push_token from private.wallet_devices d where d.customer_id = p_customer_id
  union all
  select 'google', w.customer_id, '' from private.wallet_cards w
   where w.customer_id = p_customer_id and w.google_issued
  on conflict do nothing
$$;
revoke execute on function private.wallet_queue_pushes(uuid) from public;

create or replace function private.wallet_ledger_changed()
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

create or replace function private.wallet_card_json(p_customer_id uuid)
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

create or replace function app.wallet_serials_since(p_device_id text, p_since bigint default null)
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
