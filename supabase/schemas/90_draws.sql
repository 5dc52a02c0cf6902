-- The monthly prize draw (docs/DRAWS.md): members who shopped around that month get entries; the
-- winner is a reproducible function of a seed committed to before the month began and of the
-- frozen, ordered entry list, so anyone can check that the draw was fair.
--
-- * Set up (app.admin_create_draw) before the month starts: the month, the sponsoring business,
--   the prize (a reward at the sponsor, or a voucher worth an amount at any business, paid for by
--   the sponsor), the entry rule (approved visits at N different businesses that month; each
--   further business another entry, up to a cap) and the commitment: SHA-256 of a secret seed,
--   given by the operator or made here and kept in private.draw_seeds, which no API role reads.
-- * Entries (private.draw_entry_counts) come from the approved visits of the month, read at the
--   moment they are asked for: a voided visit no longer counts. Staff, owners, admins (by their
--   Auth user or a grant waiting for their phone), suspended and forgotten members get none.
-- * The draw (app.admin_run_draw), once the month is over: the entry list is frozen (counts per
--   anonymised member, sha256(draw id ':' member id)), the seed revealed — refused unless its
--   SHA-256 is the commitment — and private.draw_winner picks the winner. The prize becomes one of
--   the winner's rewards (public.customer_rewards), redeemed at a counter and settled between
--   businesses like any other (80_coalition.sql values it at rewards.value_cents, earned with the
--   sponsor). The winner is told in the app and by a text if they agreed to texts.
-- Every step is written to the audit log.

-- The prize is a reward of kind 'prize' (public.rewards, 10_programme.sql), made when the draw is set up.

create table private.draws (
  id uuid primary key default gen_random_uuid(),
  -- The calendar month in the programme's time zone, 'YYYY-MM'; one draw per month.
  month text not null unique check (month ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'),
  sponsor_location_id text not null references public.locations (id),
  prize_kind text not null check (prize_kind in ('reward', 'voucher')),
  -- The prize as a reward (kind 'prize'), made when the draw is set up.
  reward_id uuid not null unique references public.rewards (id),
  -- The entry rule: approved visits at min_businesses different businesses give one entry; each
  -- further business one more, up to max_entries.
  min_businesses integer not null check (min_businesses between 1 and 50),
  max_entries integer not null check (max_entries between 1 and 50),
  -- SHA-256 of the seed, lower-case hex: published before the month starts.
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  status text not null default 'committed' check (status in ('committed', 'drawn')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set by the draw: the revealed seed (its SHA-256 is the commitment), the frozen list's
  -- figures, the winning ticket and the winner (null when nobody had an entry).
  seed text check (length(seed) between 16 and 200),
  entries_sha256 text check (entries_sha256 ~ '^[0-9a-f]{64}$'),
  total_entries integer check (total_entries >= 0),
  winning_ticket bigint,
  winner_entry_id text,
  winner_customer_id uuid references public.customers (id) on delete set null,
  customer_reward_id uuid references public.customer_rewards (id) on delete set null,
  drawn_at timestamptz,
  drawn_by uuid references auth.users (id) on delete set null,
  check ((status = 'drawn') = (drawn_at is not null and seed is not null and total_entries is not null))
);
alter table private.draws enable row level security;
revoke all on private.draws from anon, authenticated, service_role;
create index draws_sponsor_location_id_idx on private.draws (sponsor_location_id);
create index draws_winner_customer_id_idx on private.draws (winner_customer_id);
create index draws_customer_reward_id_idx on private.draws (customer_reward_id);
create index draws_created_by_idx on private.draws (created_by);
create index draws_drawn_by_idx on private.draws (drawn_by);

-- A seed the programme made for a draw, secret until the draw reveals it.
create table private.draw_seeds (
  draw_id uuid primary key references private.draws (id) on delete cascade,
  seed text not null check (length(seed) between 16 and 200)
);
alter table private.draw_seeds enable row level security;
revoke all on private.draw_seeds from anon, authenticated, service_role;

-- The frozen entry list of a drawn draw, in the published order (entry_id ascending).
create table private.draw_entries (
  draw_id uuid not null references private.draws (id) on delete cascade,
  -- sha256(draw id ':' member id), hex: the member, anonymised for publication.
  entry_id text not null check (entry_id ~ '^[0-9a-f]{64}$'),
  customer_id uuid references public.customers (id) on delete set null,
  businesses integer not null check (businesses >= 1),
  entries integer not null check (entries >= 1),
  primary key (draw_id, entry_id)
);
alter table private.draw_entries enable row level security;
revoke all on private.draw_entries from anon, authenticated, service_role;
create index draw_entries_customer_id_idx on private.draw_entries (customer_id);

-- A member's anonymised entry id in a draw.
create function private.draw_entry_id(p_draw_id uuid, p_customer_id uuid)
returns text
language sql immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(p_draw_id::text || ':' || p_customer_id::text, 'UTF8')), 'hex')
$$;
revoke execute on function private.draw_entry_id(uuid, uuid) from public;

-- Entries for a number of businesses under a rule.
create function private.draw_entries_for(p_businesses integer, p_min integer, p_max integer)
returns integer
language sql immutable
set search_path = ''
as $$
  select case when p_businesses < p_min then 0 else least(p_businesses - p_min + 1, p_max) end
$$;
revoke execute on function private.draw_entries_for(integer, integer, integer) from public;

-- Whether a member may not win: suspended, forgotten, or staff, an owner or an admin (their Auth
-- user's role, or a grant waiting for their phone).
create function private.draw_excluded(p_customer_id uuid)
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.customers c
     where c.id = p_customer_id
       and (c.suspended_at is not null or c.forgotten_at is not null
            or exists (select 1 from auth.users u
                        where (u.id = c.user_id or (c.phone is not null and u.phone = private.auth_phone(c.phone)))
                          and u.raw_app_meta_data ->> 'role' in ('staff', 'owner', 'admin'))
            or exists (select 1 from private.staff_grants g where g.phone = c.phone)))
$$;
revoke execute on function private.draw_excluded(uuid) from public;

-- Every member's entries in a draw now: the distinct businesses of their approved visits in the
-- draw's month, entries by the rule; excluded members and members without an entry left out.
create function private.draw_entry_counts(p_draw_id uuid)
returns table (customer_id uuid, entry_id text, businesses integer, entries integer)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_draw private.draws;
  r record;
begin
  select * into v_draw from private.draws d where d.id = p_draw_id;
  select * into r from private.month_range(v_draw.month);
  return query
    select b.customer_id, private.draw_entry_id(p_draw_id, b.customer_id), b.n,
           private.draw_entries_for(b.n, v_draw.min_businesses, v_draw.max_entries)
      from (select v.customer_id, count(distinct v.location_id)::integer as n
              from public.visits v
             where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
             group by v.customer_id) b
     where b.n >= v_draw.min_businesses and not private.draw_excluded(b.customer_id);
end;
$$;
revoke execute on function private.draw_entry_counts(uuid) from public;

-- The winner of a draw, as anyone can compute it (docs/DRAWS.md; scripts/verify-draw.ts does the
-- same): the list is the lines "<entry id>:<entries>" in entry id order joined by "\n"; h is the
-- SHA-256 (hex) of the UTF-8 text "<seed>\n<list>"; the winning ticket is the number written by
-- the first 15 hex digits of h, modulo the total of entries; tickets are numbered from 0 down the
-- list, each member holding as many consecutive tickets as their entries.
-- p_entries: [{"entryId", "entries"}] in any order. No entries: no winner (nulls).
create function private.draw_winner(p_seed text, p_entries jsonb)
returns table (list_sha256 text, total bigint, ticket bigint, entry_id text)
language plpgsql immutable
set search_path = ''
as $$
declare
  v_list text;
  v_total bigint;
  v_hash text;
  v_ticket bigint;
begin
  select string_agg((e ->> 'entryId') || ':' || (e ->> 'entries'), E'\n' order by e ->> 'entryId' collate "C"),
         coalesce(sum((e ->> 'entries')::bigint), 0)
    into v_list, v_total
    from jsonb_array_elements(coalesce(p_entries, '[]'::jsonb)) e;
  v_list := coalesce(v_list, '');
  list_sha256 := encode(sha256(convert_to(v_list, 'UTF8')), 'hex');
  total := v_total;
  if v_total = 0 then
    return next;
    return;
  end if;
  v_hash := encode(sha256(convert_to(p_seed || E'\n' || v_list, 'UTF8')), 'hex');
  v_ticket := ('x' || substr(v_hash, 1, 15))::bit(60)::bigint % v_total;
  ticket := v_ticket;
  select x.id into entry_id
    from (select e ->> 'entryId' as id,
                 sum((e ->> 'entries')::bigint) over (order by e ->> 'entryId' collate "C") as upto
            from jsonb_array_elements(p_entries) e) x
   where x.upto > v_ticket
   order by x.upto
   limit 1;
  return next;
end;
$$;
revoke execute on function private.draw_winner(text, jsonb) from public;
grant execute on function private.draw_winner(text, jsonb) to anon, authenticated;

-- "November 2026" for a month 'YYYY-MM'.
create function private.month_label(p_month text)
returns text
language sql immutable
set search_path = ''
as $$
  select to_char((p_month || '-01')::date, 'FMMonth YYYY')
$$;
revoke execute on function private.month_label(text) from public;

-- One draw as the public sees it: the rule, the prize, the commitment; once drawn, the seed, the
-- frozen entry list and the winner's entry id (never who they are).
create function private.draw_public_json(p_draw private.draws)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_draw.id, 'month', p_draw.month, 'monthLabel', private.month_label(p_draw.month),
    'status', p_draw.status,
    'sponsor', jsonb_build_object('locationId', l.id, 'businessName', l.business_name),
    'prize', jsonb_build_object('kind', p_draw.prize_kind, 'name', r.name, 'description', r.description,
                                'valueCents', r.value_cents),
    'rule', jsonb_build_object('minBusinesses', p_draw.min_businesses, 'maxEntries', p_draw.max_entries),
    'commitment', p_draw.commitment,
    'seed', p_draw.seed,
    'drawnAt', p_draw.drawn_at,
    'totalEntries', p_draw.total_entries,
    'entriesSha256', p_draw.entries_sha256,
    'winningTicket', p_draw.winning_ticket,
    'winnerEntryId', p_draw.winner_entry_id,
    'entries', case when p_draw.status = 'drawn' then coalesce(
      (select jsonb_agg(jsonb_build_object('entryId', e.entry_id, 'entries', e.entries) order by e.entry_id collate "C")
         from private.draw_entries e where e.draw_id = p_draw.id), '[]'::jsonb) end)
    from public.locations l, public.rewards r
   where l.id = p_draw.sponsor_location_id and r.id = p_draw.reward_id
$$;
revoke execute on function private.draw_public_json(private.draws) from public;

-- GET /api/draws: every draw, newest month first, as the public sees it. Anyone.
create function app.public_draws()
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('draws', coalesce(
    (select jsonb_agg(private.draw_public_json(d) order by d.month desc) from private.draws d), '[]'::jsonb))
$$;
revoke execute on function app.public_draws() from public;
grant execute on function app.public_draws() to anon, authenticated;

-- GET /api/draws/{id}: one draw. LY404 unknown.
create function app.public_draw(p_draw_id uuid)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_draw private.draws;
begin
  select * into v_draw from private.draws d where d.id = p_draw_id;
  if not found then
    perform private.fail('404', 'No such draw');
  end if;
  return private.draw_public_json(v_draw);
end;
$$;
revoke execute on function app.public_draw(uuid) from public;
grant execute on function app.public_draw(uuid) to anon, authenticated;

-- GET /api/admin/draws: every draw with, while it is open, the entries so far (members and
-- entries) and, once drawn, the winner's name. Admins.
create function app.admin_draws()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage prize draws');
  return jsonb_build_object('draws', coalesce((
    select jsonb_agg(private.draw_public_json(d) || jsonb_build_object(
             'entrants', case when d.status = 'drawn'
                              then (select count(*) from private.draw_entries e where e.draw_id = d.id)
                              else (select count(*) from private.draw_entry_counts(d.id) c) end,
             'entriesSoFar', case when d.status = 'committed'
                                  then (select coalesce(sum(c.entries), 0) from private.draw_entry_counts(d.id) c) end,
             'seedKept', exists (select 1 from private.draw_seeds s where s.draw_id = d.id),
             'winner', case when d.winner_customer_id is not null then
               (select jsonb_build_object('customerId', c.id, 'name', c.name) from public.customers c
                 where c.id = d.winner_customer_id) end,
             'prizeStatus', (select cr.status from public.customer_rewards cr where cr.id = d.customer_reward_id))
           order by d.month desc)
      from private.draws d), '[]'::jsonb));
end;
$$;
revoke execute on function app.admin_draws() from public;
grant execute on function app.admin_draws() to authenticated;

-- POST /api/admin/draws: sets up the draw of a month that has not started. p_commitment: the
-- SHA-256 (hex) of a seed the operator keeps; without it the programme makes a 64-hex-digit seed
-- and keeps it in private.draw_seeds. LY400 bad input, LY403 not an admin, LY404 unknown business,
-- LY409 the month has started or has a draw already.
create function app.admin_create_draw(
  p_month text, p_sponsor_location_id text, p_prize_kind text, p_prize_name text, p_prize_description text,
  p_prize_value_cents integer, p_min_businesses integer, p_max_entries integer, p_commitment text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  v_seed text;
  v_commitment text := lower(nullif(btrim(coalesce(p_commitment, '')), ''));
  v_reward_id uuid;
  v_draw private.draws;
begin
  perform private.require_admin('Only admins can set up prize draws');
  select * into r from private.month_range(p_month);
  if now() >= r.starts_at then
    perform private.fail('409', 'The draw must be set up before its month starts: the seed''s fingerprint is published first');
  end if;
  if p_prize_kind is null or p_prize_kind not in ('reward', 'voucher') then
    perform private.fail('400', 'The prize is a reward at the sponsor or a voucher');
  end if;
  perform private.require_location(p_sponsor_location_id);
  if p_prize_value_cents is null or p_prize_value_cents not between 0 and 100000 then
    perform private.fail('400', 'The prize''s value is between $0 and $1,000');
  end if;
  if p_prize_kind = 'voucher' and p_prize_value_cents = 0 then
    perform private.fail('400', 'A voucher needs an amount');
  end if;
  if p_min_businesses is null or p_min_businesses not between 1 and 50
     or p_max_entries is null or p_max_entries not between 1 and 50 then
    perform private.fail('400', 'The entry rule counts 1 to 50 businesses and 1 to 50 entries');
  end if;
  if v_commitment is not null and v_commitment !~ '^[0-9a-f]{64}$' then
    perform private.fail('400', 'The commitment is a SHA-256 in hex: 64 characters 0-9 and a-f');
  end if;
  if exists (select 1 from private.draws d where d.month = p_month) then
    perform private.fail('409', 'That month has a draw already');
  end if;
  if v_commitment is null then
    v_seed := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    v_commitment := encode(sha256(convert_to(v_seed, 'UTF8')), 'hex');
  end if;

  -- Two set-ups of one month at once: the month's unique key lets one through; the other is a 409.
  begin
    insert into public.rewards (kind, location_id, name, description, scope, value_cents)
    values ('prize', p_sponsor_location_id, private.clean_text(p_prize_name, 'The prize''s name', 100),
            case when btrim(coalesce(p_prize_description, '')) = '' then ''
                 else private.clean_text(p_prize_description, 'The prize''s description', 500) end,
            case when p_prize_kind = 'reward' then 'location' else 'network' end, p_prize_value_cents)
    returning id into v_reward_id;
    insert into private.draws (month, sponsor_location_id, prize_kind, reward_id, min_businesses, max_entries,
                               commitment, created_by)
    values (p_month, p_sponsor_location_id, p_prize_kind, v_reward_id, p_min_businesses, p_max_entries,
            v_commitment, auth.uid())
    returning * into v_draw;
  exception when unique_violation then
    perform private.fail('409', 'That month has a draw already');
  end;
  if v_seed is not null then
    insert into private.draw_seeds (draw_id, seed) values (v_draw.id, v_seed);
  end if;
  perform private.audit('draw.commit', 'draw', v_draw.id::text, null,
                        private.draw_public_json(v_draw) - 'entries' || jsonb_build_object('seedKept', v_seed is not null),
                        null, p_sponsor_location_id);
  return private.draw_public_json(v_draw) || jsonb_build_object('seedKept', v_seed is not null);
end;
$$;
revoke execute on function app.admin_create_draw(text, text, text, text, text, integer, integer, integer, text) from public;
grant execute on function app.admin_create_draw(text, text, text, text, text, integer, integer, integer, text) to authenticated;

-- POST /api/admin/draws/{id}/run: once the month is over, freezes the entry list, reveals the
-- seed (p_seed, or the one the programme kept) — refused (LY422) unless its SHA-256 is the
-- commitment — picks the winner and gives them the prize: a reward in their account, a ledger
-- event, a text if they agreed to texts. LY403 not an admin, LY404 unknown draw, LY409 the month
-- is not over or the draw was run already.
create function app.admin_run_draw(p_draw_id uuid, p_seed text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_draw private.draws;
  r record;
  v_seed text;
  v_entries jsonb;
  w record;
  v_winner uuid;
  v_cr_id uuid;
  v_reward public.rewards;
  v_business text;
begin
  perform private.require_admin('Only admins can run prize draws');
  select * into v_draw from private.draws d where d.id = p_draw_id for update;
  if not found then
    perform private.fail('404', 'No such draw');
  end if;
  if v_draw.status = 'drawn' then
    perform private.fail('409', 'This draw has been run already');
  end if;
  select * into r from private.month_range(v_draw.month);
  if now() < r.ends_at then
    perform private.fail('409', 'The draw runs once its month is over');
  end if;
  v_seed := coalesce(nullif(p_seed, ''), (select s.seed from private.draw_seeds s where s.draw_id = v_draw.id));
  if v_seed is null then
    perform private.fail('400', 'Give the seed whose fingerprint was published');
  end if;
  if length(v_seed) not between 16 and 200 or encode(sha256(convert_to(v_seed, 'UTF8')), 'hex') <> v_draw.commitment then
    perform private.fail('422', 'This seed does not match the published commitment: the draw was not run');
  end if;

  -- Visits are approved and voided under the customer's row lock; the month is over, so the
  -- list below is what the ledger says now and is frozen with the draw.
  insert into private.draw_entries (draw_id, entry_id, customer_id, businesses, entries)
  select v_draw.id, c.entry_id, c.customer_id, c.businesses, c.entries from private.draw_entry_counts(v_draw.id) c;
  select coalesce(jsonb_agg(jsonb_build_object('entryId', e.entry_id, 'entries', e.entries)), '[]'::jsonb)
    into v_entries from private.draw_entries e where e.draw_id = v_draw.id;
  select * into w from private.draw_winner(v_seed, v_entries);
  select e.customer_id into v_winner from private.draw_entries e where e.draw_id = v_draw.id and e.entry_id = w.entry_id;

  if v_winner is not null then
    select * into v_reward from public.rewards rw where rw.id = v_draw.reward_id;
    select l.business_name into v_business from public.locations l where l.id = v_draw.sponsor_location_id;
    perform 1 from public.customers c where c.id = v_winner for update;
    v_cr_id := gen_random_uuid();
    -- The text first, under the event key the unlock trigger would use, so the winner gets this
    -- one and not a plain "your reward is ready".
    perform private.queue_text(v_winner, 'reward_ready',
      'You won the ' || private.month_label(v_draw.month) || ' prize draw! Your prize "' || v_reward.name || '" is in your rewards'
        || case when v_draw.prize_kind = 'reward' then ' at ' || coalesce(v_business, 'the sponsor') else ' at any participating business' end
        || ': ' || private.site_url() || '/account',
      'reward:' || v_cr_id);
    insert into public.customer_rewards (id, customer_id, reward_id)
    values (v_cr_id, v_winner, v_draw.reward_id);
    perform private.record_event(v_winner, 'reward_unlocked', 0, null, v_cr_id, v_draw.sponsor_location_id,
                                 null, 'Prize draw ' || v_draw.month);
  end if;

  update private.draws d
     set status = 'drawn', seed = v_seed, entries_sha256 = w.list_sha256, total_entries = w.total,
         winning_ticket = w.ticket, winner_entry_id = w.entry_id, winner_customer_id = v_winner,
         customer_reward_id = v_cr_id, drawn_at = now(), drawn_by = auth.uid()
   where d.id = v_draw.id
  returning * into v_draw;
  perform private.audit('draw.run', 'draw', v_draw.id::text, null,
                        (private.draw_public_json(v_draw) - 'entries')
                          || jsonb_build_object('winnerCustomerId', v_winner, 'customerRewardId', v_cr_id),
                        null, v_draw.sponsor_location_id);
  return private.draw_public_json(v_draw) || jsonb_build_object(
    'winner', (select jsonb_build_object('customerId', c.id, 'name', c.name) from public.customers c where c.id = v_winner));
end;
$$;
revoke execute on function app.admin_run_draw(uuid, text) from public;
grant execute on function app.admin_run_draw(uuid, text) to authenticated;

-- GET /api/me/draws: the signed-in member's entries in the draws of this month and the last two:
-- businesses visited, entries, businesses still to visit for one more entry (null at the cap or
-- once drawn), their entry id (to find themselves in the published list) and whether they won.
create function app.my_draws()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer uuid := private.current_customer_id();
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in first');
  end if;
  if v_customer is null then
    return jsonb_build_object('draws', '[]'::jsonb);
  end if;
  return jsonb_build_object('draws', coalesce((
    select jsonb_agg(x.j order by x.month desc)
      from (select d.month, jsonb_build_object(
                     'id', d.id, 'month', d.month, 'monthLabel', private.month_label(d.month), 'status', d.status,
                     'prize', jsonb_build_object('kind', d.prize_kind, 'name', rw.name, 'valueCents', rw.value_cents),
                     'sponsorName', l.business_name,
                     'rule', jsonb_build_object('minBusinesses', d.min_businesses, 'maxEntries', d.max_entries),
                     'eligible', not private.draw_excluded(v_customer),
                     'businesses', b.n,
                     'entries', case when private.draw_excluded(v_customer) then 0
                                     when d.status = 'drawn' then coalesce(fe.entries, 0)
                                     else private.draw_entries_for(b.n, d.min_businesses, d.max_entries) end,
                     'businessesForNextEntry', case
                        when d.status = 'drawn' or private.draw_excluded(v_customer) then null
                        when private.draw_entries_for(b.n, d.min_businesses, d.max_entries) >= d.max_entries then null
                        when b.n < d.min_businesses then d.min_businesses - b.n
                        else 1 end,
                     'entryId', private.draw_entry_id(d.id, v_customer),
                     'won', coalesce(d.winner_customer_id = v_customer, false)) as j
              from private.draws d
              join public.rewards rw on rw.id = d.reward_id
              join public.locations l on l.id = d.sponsor_location_id
              cross join lateral private.month_range(d.month) m
              left join private.draw_entries fe on fe.draw_id = d.id and fe.customer_id = v_customer
              cross join lateral (
                select case when d.status = 'drawn' then coalesce(fe.businesses, 0)
                            else (select count(distinct v.location_id)::integer from public.visits v
                                   where v.customer_id = v_customer and v.status = 'approved'
                                     and v.created_at >= m.starts_at and v.created_at < m.ends_at) end as n) b
             where m.starts_at <= now() and m.ends_at > now() - interval '62 days') x), '[]'::jsonb));
end;
$$;
revoke execute on function app.my_draws() from public;
grant execute on function app.my_draws() to authenticated;
