-- Members are told when a business joins or leaves the programme: their consent names the
-- programme and points at the list of businesses (private.consent_scope), so a change to the list
-- is told to them — in the app (GET /api/me's programmeNews, a notice on /account) and by one text
-- to each member whose SMS consent is confirmed (the outbox's rules: consent, quiet hours, the
-- weekly cap, one text per member per change by its event key).
-- A change is recorded by a trigger on public.locations, whatever door made it (the admin's
-- catalogue, a village file): a business added or brought back "joined", archived "left".

create table private.programme_changes (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('joined', 'left')),
  location_id text not null references public.locations (id) on delete cascade,
  -- The name as it was then: the notice keeps saying what the member was told.
  business_name text not null check (length(business_name) between 1 and 100),
  happened_at timestamptz not null default now()
);
alter table private.programme_changes enable row level security;
revoke all on private.programme_changes from anon, authenticated, service_role;
create index programme_changes_location_id_idx on private.programme_changes (location_id);
create index programme_changes_happened_at_idx on private.programme_changes (happened_at desc);

-- How long the notice stays on /account (a member may dismiss it sooner).
create function private.programme_news_days()
returns integer
language sql immutable
set search_path = ''
as $$
  select 14
$$;
revoke execute on function private.programme_news_days() from public;

-- Records the change and texts every member whose consent is confirmed and who joined before it
-- (a member who joined after it found the business already listed). private.queue_text keeps
-- the outbox's rules; its event key makes it one text per member per change.
create function private.note_programme_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_change private.programme_changes;
  v_text text;
  v_member record;
begin
  if tg_op = 'INSERT' then
    if new.archived_at is not null then
      return new;
    end if;
    v_kind := 'joined';
  elsif old.archived_at is null and new.archived_at is not null then
    v_kind := 'left';
  elsif old.archived_at is not null and new.archived_at is null then
    v_kind := 'joined';
  else
    return new;
  end if;
  -- A programme being set up (a village file, the seed) has no members to tell yet.
  if not exists (select 1 from public.customers) then
    return new;
  end if;
  insert into private.programme_changes (kind, location_id, business_name)
  values (v_kind, new.id, new.business_name)
  returning * into v_change;
  v_text := case v_kind
              when 'joined' then new.business_name || ' has joined the programme: your points and rewards count there too. '
                                 || 'The businesses taking part: ' || private.site_url() || '/businesses'
              else new.business_name || ' has left the programme. Rewards you hold for it can no longer be used there. '
                   || 'The businesses taking part: ' || private.site_url() || '/businesses'
            end;
  for v_member in
    select c.id from public.customers c
     where c.sms_consent and c.phone is not null and c.forgotten_at is null
       and c.created_at < v_change.happened_at
  loop
    perform private.queue_text(v_member.id, 'programme_change', v_text,
                               'programme_change:' || v_change.id || ':' || v_member.id);
  end loop;
  return new;
end;
$$;
revoke execute on function private.note_programme_change() from public;

create trigger locations_note_programme_change
after insert or update of archived_at on public.locations
for each row execute function private.note_programme_change();

-- The changes a member is shown on /account: those after they joined, in the last
-- private.programme_news_days() days, newest first.
-- Returns [{"id", "kind", "businessName", "locationId", "at"}].
create function private.programme_news(p_customer_id uuid)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'kind', p.kind, 'businessName', p.business_name,
                                               'locationId', p.location_id, 'at', p.happened_at)
                            order by p.happened_at desc, p.id desc), '[]'::jsonb)
    from private.programme_changes p
    join public.customers c on c.id = p_customer_id
   where p.happened_at > c.created_at
     and p.happened_at > now() - make_interval(days => private.programme_news_days())
$$;
revoke execute on function private.programme_news(uuid) from public;
