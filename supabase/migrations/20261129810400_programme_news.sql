-- Members are told when a business joins or leaves the programme: in the app (GET /api/me's
-- programmeNews) and by one text to each member whose SMS consent is confirmed.
alter table private.texts drop constraint texts_kind_check;
alter table private.texts add constraint texts_kind_check check (kind in ('welcome', 'reward_ready', 'tier_reached', 'phone_changed', 'campaign',
                                     'consent_request', 'reward_redeemed', 'programme_change'));

create or replace function private.queue_text(
  p_customer_id uuid, p_kind text, p_text text, p_event_key text,
  p_campaign_id uuid default null, p_now timestamptz default now(), p_phone text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_phone text;
  v_cap integer;
  v_release timestamptz;
  v_id bigint;
begin
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found or (to_jsonb(v_customer) ->> 'forgotten_at') is not null then
    return null;
  end if;
  v_phone := coalesce(p_phone, v_customer.phone);
  if v_phone is null then
    return null;
  end if;
  if (case p_kind when 'phone_changed' then false
                  when 'consent_request' then not v_customer.sms_consent_pending
                  else not v_customer.sms_consent end) then
    return null;
  end if;
  -- A business joining or leaving (67_programme_news.sql) is not an offer, but it is not asked
  -- for either: it waits behind the week's cap of campaign texts like an offer would.
  if p_kind in ('campaign', 'programme_change') then
    select s.marketing_texts_per_week into v_cap from private.settings s;
    if v_cap > 0 and private.marketing_texts_this_week(p_customer_id, p_now) >= v_cap then
      return null;
    end if;
  end if;
  v_release := private.text_release_at(p_now);
  insert into private.texts (customer_id, phone, kind, body, status, next_attempt_at, event_key,
                             campaign_id, created_at, updated_at)
  values (p_customer_id, v_phone, p_kind,
          -- A campaign's text is the one its preview showed (private.campaign_body).
          coalesce((select c.body from private.text_campaigns c where c.id = p_campaign_id),
                   private.programme_name() || ': ' || p_text
                     || case when p_kind = 'phone_changed' then '' else ' Reply STOP to opt out.' end),
          case when v_release > p_now then 'held' else 'queued' end,
          v_release, p_event_key, p_campaign_id, p_now, p_now)
  on conflict (event_key) do nothing
  returning id into v_id;
  return v_id;
end;
$$;

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

create or replace function app.me()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_visits jsonb;
  v_total_visits bigint;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  select * into v_customer from public.customers c where c.id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  -- visits.location_id is never null and cascades with its location: every visit has a business.
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name,
                                               'visits', v.visits, 'lastVisit', v.last_visit)
                  order by v.last_visit desc), '[]'::jsonb),
         coalesce(sum(v.visits), 0)
    into v_visits, v_total_visits
    from (select vi.location_id, count(*) as visits, max(vi.created_at) as last_visit
            from public.visits vi
           where vi.customer_id = v_customer.id and vi.status = 'approved'
           group by vi.location_id) v
    join public.locations l on l.id = v.location_id;
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name,
                                   'phone', right(v_customer.phone, 10), 'email', v_customer.email),
    'totalPoints', v_customer.total_points,
    'tier', private.tier_for(v_customer.total_points),
    'nextGoal', private.next_goal(v_customer.total_points),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               -- Where it was redeemed, for the member's history (null before counters recorded it).
               'redeemedBusinessName', rl.business_name,
               'reward', jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                            'scope', r.scope, 'locationId', r.location_id,
                                            'businessName', l.business_name))
             order by cr.unlocked_at desc, r.name), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = r.location_id
        left join public.locations rl on rl.id = cr.redeemed_location_id
       where cr.customer_id = v_customer.id and cr.status <> 'revoked'),
    'visitedLocations', v_visits,
    'totalVisits', v_total_visits,
    -- Businesses that joined or left since the member did, for a while (67_programme_news.sql).
    'programmeNews', private.programme_news(v_customer.id),
    -- Every redemption of the last 30 days is told to the member (a card can be copied), with
    -- "Not you?" (app.report_redemption) until they have said so.
    'recentRedemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', r.name, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at,
               'notice', private.redemption_notice(r.name, cr.redeemed_location_id, cr.redeemed_at),
               'reportedAt', (select f.flagged_at from private.redemption_flags f
                               where f.customer_reward_id = cr.id and f.redeemed_at = cr.redeemed_at))
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = v_customer.id and cr.status = 'redeemed'
         and cr.redeemed_at > now() - interval '30 days'));
end;
$$;
