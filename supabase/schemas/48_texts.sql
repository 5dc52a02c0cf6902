-- Texts the programme sends: an outbox in Postgres, filled by the rules below
-- (triggers on customers and customer_rewards, and campaigns), drained by the api function's
-- sender (POST /api/hooks/texts/drain: Twilio in production, the dev outbox locally).
--
-- The rules, each enforced here and nowhere else:
-- * only to a member whose CURRENT SMS consent allows it (customers.sms_consent: confirmed by the
--   phone), checked when the text is queued and again when the sender claims it; a forgotten
--   member (phone null) never. The one exception is double opt-in's question: a consent given on
--   a form (customers.sms_consent_pending) gets one 'consent_request' text asking for YES;
-- * one event, one text: private.texts.event_key is unique (welcome:<customer>,
--   reward:<customer_reward>, tier:<customer>:<tier>, campaign:<campaign>:<customer>, ...);
-- * never in quiet hours (private.settings.texts_quiet_start–texts_quiet_end, programme time):
--   a text due then is 'held' until the morning. The operator changes the quiet hours, the time
--   zone, the weekly cap and the site address in /admin (app.admin_update_text_settings); each
--   drain reads them again, so a held text follows new quiet hours at the next drain;
-- * at most private.settings.marketing_texts_per_week campaign texts per member in any 7 days;
-- * every text starts with the programme's name (a business owner's campaign: the business's
--   name, then the programme's) and a marketing one ends "Reply STOP to opt out."
-- The phone-change notice (to the OLD number) is a security notice, not marketing: it is sent
-- whatever the consent, so a member whose number was taken over hears of it.

-- Campaigns (§3): an offer composed in /admin for a segment, sent now or at send_at.
create table private.text_campaigns (
  id uuid primary key default gen_random_uuid(),
  created_by uuid references auth.users (id) on delete set null,
  created_by_role text not null check (created_by_role in ('admin', 'owner')),
  -- The business an owner's campaign belongs to (an owner only reaches its visitors); for an
  -- admin the segment's business, if any.
  location_id text references public.locations (id) on delete set null,
  -- The segment: members who visited this business (approved visit), of this tier, whose last
  -- visit was before / on or after a day, who joined on or after a day (days in programme time).
  segment_location_id text references public.locations (id) on delete set null,
  segment_tier text references public.tiers (name),
  segment_last_visit_before date,
  segment_last_visit_after date,
  segment_joined_since date,
  message text not null check (length(message) between 1 and 300),
  -- The exact text each member receives.
  body text not null check (length(body) between 1 and 480),
  status text not null default 'scheduled' check (status in ('scheduled', 'started', 'cancelled')),
  send_at timestamptz not null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  cancelled_at timestamptz,
  -- Members queued when it started.
  recipients integer check (recipients >= 0),
  check ((status = 'started') = (started_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
alter table private.text_campaigns enable row level security;
revoke all on private.text_campaigns from anon, authenticated, service_role;
create index text_campaigns_created_by_idx on private.text_campaigns (created_by, created_at desc);
create index text_campaigns_location_id_idx on private.text_campaigns (location_id);
create index text_campaigns_segment_location_id_idx on private.text_campaigns (segment_location_id);
create index text_campaigns_segment_tier_idx on private.text_campaigns (segment_tier);
create index text_campaigns_due_idx on private.text_campaigns (send_at) where status = 'scheduled';

-- The outbox: one row per message.
create table private.texts (
  id bigint generated always as identity primary key,
  customer_id uuid references public.customers (id) on delete set null,
  -- E.164; null once the member is forgotten.
  phone text check (phone ~ '^\+1[2-9][0-9]{9}$'),
  kind text not null check (kind in ('welcome', 'reward_ready', 'tier_reached', 'phone_changed', 'campaign',
                                     'consent_request', 'reward_redeemed', 'programme_change')),
  body text not null check (length(body) between 1 and 480),
  -- queued: waiting for the sender; held: due after quiet hours; sending: claimed by a sender;
  -- sent: the provider took it; delivered / failed: the provider's last word (or ours after
  -- max attempts); cancelled: consent withdrawn, member forgotten, or campaign cancelled.
  status text not null default 'queued'
    check (status in ('queued', 'held', 'sending', 'sent', 'delivered', 'failed', 'cancelled')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  provider_id text unique,
  error text check (length(error) <= 500),
  event_key text not null unique check (length(event_key) between 1 and 200),
  campaign_id uuid references private.text_campaigns (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table private.texts enable row level security;
revoke all on private.texts from anon, authenticated, service_role;
create index texts_due_idx on private.texts (next_attempt_at) where status in ('queued', 'held');
create index texts_sending_idx on private.texts (updated_at) where status = 'sending';
create index texts_customer_idx on private.texts (customer_id, kind, created_at desc);
create index texts_campaign_id_idx on private.texts (campaign_id, status);
-- The funder's report counts a month's sent texts (92_funder_report.sql).
create index texts_sent_at_idx on private.texts (sent_at) where sent_at is not null;

-- The answers to a member's own texts (POINTS, REWARDS, CARD, an unknown word), counted against
-- the per-phone caps (private.settings.text_answers_per_hour / _per_week). Answers go back as the
-- reply to the member's text (TwiML), not through the outbox. Kept 8 days (the weekly cap's
-- window and a day): app.text_inbound removes older rows as it goes.
create table private.text_answers (
  id bigint generated always as identity primary key,
  phone text not null check (phone ~ '^\+1[2-9][0-9]{9}$'),
  customer_id uuid references public.customers (id) on delete set null,
  keyword text not null check (keyword in ('points', 'rewards', 'card', 'unknown')),
  created_at timestamptz not null default now()
);
alter table private.text_answers enable row level security;
revoke all on private.text_answers from anon, authenticated, service_role;
create index text_answers_phone_idx on private.text_answers (phone, created_at desc);
create index text_answers_customer_id_idx on private.text_answers (customer_id);
create index text_answers_created_at_idx on private.text_answers (created_at);

create function private.programme_name()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Village Rewards'
$$;
revoke execute on function private.programme_name() from public;

-- When a text due at p_at may go: p_at, or the end of quiet hours (programme time) when p_at
-- falls inside them. Equal start and end: no quiet hours.
create function private.text_release_at(p_at timestamptz)
returns timestamptz
language sql stable
set search_path = ''
as $$
  select case
           when s.texts_quiet_start = s.texts_quiet_end then p_at
           when s.texts_quiet_start > s.texts_quiet_end
                and (l.local::time >= s.texts_quiet_start or l.local::time < s.texts_quiet_end)
             then ((case when l.local::time >= s.texts_quiet_start then l.local::date + 1 else l.local::date end)
                   + s.texts_quiet_end) at time zone private.programme_time_zone()
           when s.texts_quiet_start < s.texts_quiet_end
                and l.local::time >= s.texts_quiet_start and l.local::time < s.texts_quiet_end
             then (l.local::date + s.texts_quiet_end) at time zone private.programme_time_zone()
           else p_at
         end
    from (select p_at at time zone private.programme_time_zone() as local) l
   cross join private.settings s
$$;
revoke execute on function private.text_release_at(timestamptz) from public;

-- A member's campaign texts in the 7 days before p_now (cancelled ones do not count). No upper
-- bound: a campaign whose transaction started a moment earlier than another's still counts the
-- other's texts, queued "later" by the clock of a transaction that committed first.
create function private.marketing_texts_this_week(p_customer_id uuid, p_now timestamptz)
returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer
    from private.texts t
   where t.customer_id = p_customer_id and t.kind = 'campaign' and t.status <> 'cancelled'
     and t.created_at > p_now - interval '7 days'
$$;
revoke execute on function private.marketing_texts_this_week(uuid, timestamptz) from public;

-- Queues one text when the rules allow it; returns its id, or null when nothing was queued (no
-- consent, forgotten, over the weekly cap, or the event already has its text). p_phone: another
-- number than the member's (the old one of a phone change). A consent request goes only while
-- the consent is pending; everything else but the phone-change notice needs confirmed consent.
create function private.queue_text(
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
revoke execute on function private.queue_text(uuid, text, text, text, uuid, timestamptz, text) from public;

-- The app's public address, which the texts link to: `npm run deploy` sets it from the village
-- file (only the database owner may), audited like a settings change.
create function private.set_site_url(p_url text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before text;
begin
  select s.texts_site_url into v_before from private.settings s where s.id for update;
  update private.settings s set texts_site_url = p_url where s.id;
  if v_before is distinct from p_url then
    perform private.audit('settings.update', 'settings', 'texts_site_url', jsonb_build_object('textsSiteUrl', v_before),
                          jsonb_build_object('textsSiteUrl', p_url), null, null, 'system');
  end if;
  return p_url;
end;
$$;
revoke execute on function private.set_site_url(text) from public, anon, authenticated, service_role;

-- Welcome, with the card link: on join with confirmed consent, or when a pending consent is
-- confirmed (once per member: the event key).
create function private.queue_welcome_text(p_customer_id uuid)
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.queue_text(p_customer_id, 'welcome',
    'Welcome! You are a member. Show your card at any participating business to earn points: '
      || private.site_url() || '/account',
    'welcome:' || p_customer_id)
$$;
revoke execute on function private.queue_welcome_text(uuid) from public;

-- On join: the welcome with confirmed consent; with consent given on a form, the one text that
-- asks the phone to confirm it (once per member: the event key).
create function private.text_welcome()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.sms_consent then
    perform private.queue_welcome_text(new.id);
  elsif new.sms_consent_pending then
    perform private.queue_text(new.id, 'consent_request',
      'This number joined our village loyalty programme and asked for texts about rewards and offers. '
        || 'Reply YES to confirm. Msg & data rates may apply.',
      'consent_request:' || new.id);
  end if;
  return null;
end;
$$;
revoke execute on function private.text_welcome() from public;

create trigger customers_text_welcome
  after insert on public.customers
  for each row execute function private.text_welcome();

-- A reward unlocked: a business's welcome reward is "ready"; a tier reward means the member
-- reached that tier (once per tier, even if a void takes it back and it is earned again). A reward
-- that expires (95_reward_expiry.sql) says the last day it can be used.
create function private.text_reward_unlocked()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reward public.rewards;
  v_business text;
begin
  select * into v_reward from public.rewards r where r.id = new.reward_id;
  if not found then
    return null;
  end if;
  if v_reward.kind = 'tier' then
    perform private.queue_text(new.customer_id, 'tier_reached',
      'You reached ' || v_reward.tier || '! Your reward "' || v_reward.name
        || '" is ready at any participating business' || coalesce(' (use it by ' || private.reward_expiry_day(new.expires_at) || ')', '')
        || ': ' || private.site_url() || '/account',
      'tier:' || new.customer_id || ':' || v_reward.tier);
  else
    select l.business_name into v_business from public.locations l where l.id = new.welcome_location_id;
    perform private.queue_text(new.customer_id, 'reward_ready',
      'Your reward is ready: "' || v_reward.name || '" at ' || coalesce(v_business, 'the business')
        || coalesce(' (use it by ' || private.reward_expiry_day(new.expires_at) || ')', '')
        || '. Show your card at the counter: ' || private.site_url() || '/account',
      'reward:' || new.id);
  end if;
  return null;
end;
$$;
revoke execute on function private.text_reward_unlocked() from public;

-- Consent withdrawn (STOP, /account, admin): queued texts are cancelled, except a phone-change
-- notice. A pending consent ended (confirmed or refused): its unsent request is cancelled, and a
-- confirmed one gets the welcome. Phone changed: the OLD number is told; texts not yet sent
-- follow the new number.
-- Phone erased (forget): nothing more is sent and the outbox keeps no number.
create function private.text_customer_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.sms_consent and not new.sms_consent then
    update private.texts t
       set status = 'cancelled', error = 'opted_out', updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
  end if;
  if old.sms_consent_pending and not new.sms_consent_pending then
    update private.texts t
       set status = 'cancelled', error = case when new.sms_consent then 'confirmed' else 'opted_out' end,
           updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind = 'consent_request';
    if new.sms_consent then
      perform private.queue_welcome_text(new.id);
    end if;
  end if;
  if new.phone is null then
    update private.texts t
       set status = case when t.status in ('queued', 'held') then 'cancelled' else t.status end,
           error = case when t.status in ('queued', 'held') then 'forgotten' else t.error end,
           phone = null, updated_at = now()
     where t.customer_id = new.id;
    -- A forgotten member's answers to their texts go with their phone.
    delete from private.text_answers a where a.customer_id = new.id or a.phone = old.phone;
  elsif old.phone is not null and old.phone is distinct from new.phone then
    update private.texts t
       set phone = new.phone, updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
    perform private.queue_text(new.id, 'phone_changed',
      'The phone number on your membership was changed to a number ending in ' || right(new.phone, 4)
        || '. If you did not do this, contact us: ' || private.site_url() || '/contact',
      'phone_changed:' || new.id || ':' || old.phone || ':' || new.phone || ':'
        || extract(epoch from clock_timestamp())::text,
      null, now(), old.phone);
  end if;
  return null;
end;
$$;
revoke execute on function private.text_customer_changed() from public;

create trigger customers_text_changed
  after update of phone, sms_consent, sms_consent_pending on public.customers
  for each row
  when (old.phone is distinct from new.phone or old.sms_consent is distinct from new.sms_consent
        or old.sms_consent_pending is distinct from new.sms_consent_pending)
  execute function private.text_customer_changed();

-- The sender (service_role only: the api function's drain, the status callback, the inbound
-- webhook).

-- Starts the campaigns due at p_now and claims up to p_limit due texts for sending: rows queued
-- or held whose time has come, locked with skip locked so two drains never take one row. A row
-- whose member no longer consents is cancelled instead; one due inside quiet hours (a retry) is
-- held until the morning; a row left 'sending' for 10 minutes (a sender that died) is due again.
-- A held text follows the quiet hours as they are now (the operator may have changed them since
-- it was held): outside them it is due at once; inside them it waits for their current end.
-- (A consent request follows the pending consent instead: it goes only while that is pending.)
-- Returns [{"id", "phone", "body"}].
create function app.texts_claim(p_limit integer default 50, p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_release timestamptz := private.text_release_at(p_now);
  v_claimed jsonb;
begin
  perform private.start_due_campaigns(p_now);

  update private.texts t
     set status = 'queued', updated_at = p_now
   where t.status = 'sending' and t.updated_at < p_now - interval '10 minutes';

  update private.texts t
     set status = 'cancelled', error = 'opted_out', updated_at = p_now
    from public.customers c
   where c.id = t.customer_id and t.status in ('queued', 'held') and t.kind <> 'phone_changed'
     and case when t.kind = 'consent_request' then not c.sms_consent_pending else not c.sms_consent end;

  if v_release > p_now then
    update private.texts t
       set status = 'held', next_attempt_at = v_release, updated_at = p_now
     where (t.status = 'queued' and t.next_attempt_at <= p_now)
        or (t.status = 'held' and t.next_attempt_at is distinct from v_release);
    return '[]'::jsonb;
  end if;

  with due as (
    select t.id from private.texts t
     where ((t.status = 'queued' and t.next_attempt_at <= p_now) or t.status = 'held') and t.phone is not null
     order by t.next_attempt_at, t.id
     limit greatest(least(coalesce(p_limit, 50), 500), 1)
     for update skip locked
  ), claimed as (
    update private.texts t
       set status = 'sending', attempts = t.attempts + 1, updated_at = p_now
      from due
     where t.id = due.id
    returning t.id, t.phone, t.body
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'phone', c.phone, 'body', c.body) order by c.id), '[]'::jsonb)
    into v_claimed
    from claimed c;
  return v_claimed;
end;
$$;
revoke execute on function app.texts_claim(integer, timestamptz) from public;
grant execute on function app.texts_claim(integer, timestamptz) to service_role;

-- The provider took a claimed text.
create function app.text_sent(p_id bigint, p_provider_id text default null, p_now timestamptz default now())
returns jsonb
language sql
security definer
set search_path = ''
as $$
  update private.texts t
     set status = 'sent', provider_id = nullif(p_provider_id, ''), sent_at = p_now, error = null,
         updated_at = p_now
   where t.id = p_id and t.status = 'sending'
  returning jsonb_build_object('id', t.id, 'status', t.status)
$$;
revoke execute on function app.text_sent(bigint, text, timestamptz) from public;
grant execute on function app.text_sent(bigint, text, timestamptz) to service_role;

-- The provider refused a claimed text, or could not be reached. A temporary failure is tried
-- again after 1, 2, 4, 8 ... minutes (at most a day); after texts_max_attempts tries, or a
-- permanent failure (an invalid or opted-out number), the text is 'failed' for good.
create function app.text_failed(p_id bigint, p_error text, p_permanent boolean default false,
                                p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max integer;
  v_row private.texts;
begin
  select s.texts_max_attempts into v_max from private.settings s;
  update private.texts t
     set status = case when p_permanent or t.attempts >= v_max then 'failed' else 'queued' end,
         next_attempt_at = case when p_permanent or t.attempts >= v_max then t.next_attempt_at
                                else p_now + least(interval '1 minute' * power(2, greatest(t.attempts - 1, 0)),
                                                   interval '1 day') end,
         error = left(coalesce(nullif(p_error, ''), 'not sent'), 500),
         updated_at = p_now
   where t.id = p_id and t.status = 'sending'
  returning * into v_row;
  if v_row.id is null then
    return null;
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'attempts', v_row.attempts,
                            'nextAttemptAt', v_row.next_attempt_at);
end;
$$;
revoke execute on function app.text_failed(bigint, text, boolean, timestamptz) from public;
grant execute on function app.text_failed(bigint, text, boolean, timestamptz) to service_role;

-- Twilio's status callback: delivered, or undelivered / failed with its error code. Other
-- statuses (queued, sending, sent) change nothing. Returns whether a row changed.
create function app.text_status(p_provider_id text, p_status text, p_error text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_status not in ('delivered', 'undelivered', 'failed') then
    return false;
  end if;
  update private.texts t
     set status = case when p_status = 'delivered' then 'delivered' else 'failed' end,
         error = case when p_status = 'delivered' then null
                      else left(coalesce(nullif(p_error, ''), p_status), 500) end,
         updated_at = now()
   where t.provider_id = p_provider_id and t.status in ('sent', 'delivered', 'failed');
  return found;
end;
$$;
revoke execute on function app.text_status(text, text, text) from public;
grant execute on function app.text_status(text, text, text) to service_role;

-- What a member's text asks, answered (the reply to their own text, so quiet hours do not hold
-- it back; the caps do). p_keyword: 'points', 'rewards', 'card' or 'unknown'. p_customer_id null:
-- the number is not a member's. Returns the answer's text.
create function private.text_answer_body(p_customer_id uuid, p_keyword text)
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_tier text;
  v_needed integer;
  v_goal_label text;
  v_waiting integer;
  v_list text;
  v_help text := private.programme_name() || ': Help at ' || private.site_url()
    || '/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.';
begin
  if p_keyword = 'unknown' then
    return v_help;
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found then
    return private.programme_name() || ': This number is not a member. Join at ' || private.site_url() || '/join';
  end if;
  if p_keyword = 'card' then
    return private.programme_name() || ': Your card: ' || private.site_url()
      || '/account/card (sign in with this phone). Show its QR at any participating business.';
  end if;
  select count(*)::integer into v_waiting
    from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id and cr.status = 'unlocked'
     -- Past its expiry date (95_reward_expiry.sql), not yet recorded: no longer waiting.
     and (cr.expires_at is null or cr.expires_at > now());
  -- The next tier and the points it takes (private.next_goal's rule, read here from the tiers
  -- themselves: this file comes before 68_member_reads.sql). Past the top tier: none.
  select t.min_points - v_customer.total_points, t.goal_label into v_needed, v_goal_label
    from public.tiers t where t.min_points > v_customer.total_points order by t.min_points limit 1;
  if p_keyword = 'points' then
    v_tier := private.tier_for(v_customer.total_points) ->> 'name';
    return private.programme_name() || ': ' || v_customer.name || ', you have '
      || v_customer.total_points || case when v_customer.total_points = 1 then ' point' else ' points' end
      || ' (' || v_tier || '). '
      || case when v_waiting = 0 then 'No rewards waiting.'
              when v_waiting = 1 then '1 reward waiting: reply REWARDS to see it.'
              else v_waiting || ' rewards waiting: reply REWARDS to see them.' end
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end;
  end if;
  -- 'rewards': each reward waiting and where it is redeemed, oldest first, at most five named.
  select string_agg(x.n || ') ' || x.name || ' at ' || x.place, '; ' order by x.n)
    into v_list
    from (select row_number() over (order by cr.unlocked_at, r.name) as n, r.name,
                 case when r.scope = 'network' then 'any participating business'
                      else coalesce(l.business_name, 'its business') end as place
            from public.customer_rewards cr
            join public.rewards r on r.id = cr.reward_id
            left join public.locations l on l.id = r.location_id
           where cr.customer_id = p_customer_id and cr.status = 'unlocked'
             and (cr.expires_at is null or cr.expires_at > now())) x
   where x.n <= 5;
  if v_list is null then
    return private.programme_name() || ': No rewards waiting yet.'
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end
      || ' Each visit earns points.';
  end if;
  return private.programme_name() || ': Your rewards: ' || v_list
    || case when v_waiting > 5 then '; and ' || (v_waiting - 5) || ' more at ' || private.site_url() || '/account' else '' end
    || '. Show your QR or card at the counter to redeem.';
end;
$$;
revoke execute on function private.text_answer_body(uuid, text) from public;

-- A text a member sent to the programme's number (the inbound webhook, signature checked by the
-- api). STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT withdraw SMS consent at once; START,
-- UNSTOP, YES give it again; HELP (or INFO) answers the contact — these are always answered.
-- POINTS (BAL, BALANCE) answers the points, tier and rewards waiting; REWARDS lists them with
-- where each is redeemed; CARD links to the member's card page; any other word answers HELP's
-- text. Those answers go only to the number that texted (the member found by it), are the reply
-- to the member's own text (so not held by quiet hours), and count against the per-phone caps
-- (text_answers_per_hour, text_answers_per_week): over a cap there is no answer. Two texts from
-- one phone at once are counted one after the other (a transaction lock on the phone).
-- Returns {"keyword", "reply", "changed"}; reply null: nothing to answer.
create function app.text_inbound(p_phone text, p_body text, p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_word text := upper(btrim(regexp_replace(coalesce(p_body, ''), '[[:space:][:punct:]]+', ' ', 'g')));
  v_phone text;
  v_customer_id uuid;
  v_changed boolean := false;
  v_keyword text;
  v_reply text;
  v_was_confirmed boolean;
  v_was_pending boolean;
  v_per_hour integer;
  v_per_week integer;
begin
  begin
    v_phone := app.normalize_phone(p_phone);
  exception when others then
    v_phone := null;
  end;
  if v_phone is not null then
    select c.id into v_customer_id from public.customers c where c.phone = v_phone;
  end if;

  if v_word in ('STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT') then
    v_keyword := 'stop';
    if v_customer_id is not null then
      v_changed := private.record_sms_consent(v_customer_id, false, 'SMS reply: ' || v_word, 'sms_reply');
    end if;
    v_reply := private.programme_name() || ': You are unsubscribed and will receive no more texts. Reply START to resubscribe.';
  elsif v_word in ('START', 'UNSTOP', 'YES') then
    v_keyword := 'start';
    if v_customer_id is not null then
      -- The answer says what the reply did: it confirmed consent given on a form (double opt-in),
      -- it gave back consent withdrawn by STOP, or there was nothing to change.
      select c.sms_consent, c.sms_consent_pending into v_was_confirmed, v_was_pending
        from public.customers c where c.id = v_customer_id;
      v_changed := private.record_sms_consent(v_customer_id, true, 'SMS reply: ' || v_word, 'sms_reply');
      v_reply := private.programme_name() || case
        when v_was_confirmed then ': You are already subscribed to texts about your rewards and offers.'
        when v_was_pending then ': Thank you, your texts are confirmed. You will get texts about your rewards and offers.'
        else ': You are subscribed again to texts about your rewards and offers.'
      end || ' Msg & data rates may apply. Reply STOP to opt out, HELP for help.';
    else
      v_reply := private.programme_name() || ': This number is not a member. Join at ' || private.site_url() || '/join';
    end if;
  elsif v_word in ('HELP', 'INFO') then
    v_keyword := 'help';
    v_reply := private.programme_name() || ': Help at ' || private.site_url() || '/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.';
  elsif v_phone is not null then
    v_keyword := case when v_word in ('POINTS', 'POINT', 'BAL', 'BALANCE') then 'points'
                      when v_word in ('REWARDS', 'REWARD') then 'rewards'
                      when v_word = 'CARD' then 'card'
                      else 'unknown' end;
    perform pg_advisory_xact_lock(hashtextextended('text_answers:' || v_phone, 0));
    delete from private.text_answers a where a.created_at < p_now - interval '8 days';
    select s.text_answers_per_hour, s.text_answers_per_week into v_per_hour, v_per_week from private.settings s;
    if (v_per_hour > 0 and (select count(*) from private.text_answers a
                             where a.phone = v_phone and a.created_at > p_now - interval '1 hour') >= v_per_hour)
       or (v_per_week > 0 and (select count(*) from private.text_answers a
                                where a.phone = v_phone and a.created_at > p_now - interval '7 days') >= v_per_week) then
      return jsonb_build_object('keyword', v_keyword, 'reply', null, 'changed', false, 'capped', true);
    end if;
    v_reply := private.text_answer_body(v_customer_id, v_keyword);
    insert into private.text_answers (phone, customer_id, keyword, created_at)
    values (v_phone, v_customer_id, v_keyword, p_now);
  end if;
  return jsonb_build_object('keyword', v_keyword, 'reply', v_reply, 'changed', v_changed);
end;
$$;
revoke execute on function app.text_inbound(text, text, timestamptz) from public;
grant execute on function app.text_inbound(text, text, timestamptz) to service_role;

-- Campaigns (§3). Who: an admin (any segment) or a business owner (members who visited their
-- business only: the segment's business is always theirs).

-- The business the caller's campaign is limited to: an owner's own; an admin's choice. Others 403.
create function private.campaign_scope(p_location_id text)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.is_admin() then
    if p_location_id is not null then
      perform private.require_location(p_location_id);
    end if;
    return p_location_id;
  end if;
  if private.owner_location_id() is not null then
    if p_location_id is not null and p_location_id <> private.owner_location_id() then
      perform private.fail('403', 'You can only text members who visited your business');
    end if;
    return private.owner_location_id();
  end if;
  perform private.fail('403', 'Only admins and business owners can send campaigns');
end;
$$;
revoke execute on function private.campaign_scope(text) from public;

-- The members a segment reaches at p_now: consent confirmed (a pending one is not counted),
-- not forgotten, under the weekly cap.
create function private.campaign_members(
  p_location_id text, p_tier text, p_last_visit_before date, p_last_visit_after date,
  p_joined_since date, p_now timestamptz
)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
    from public.customers c
   cross join private.settings s
   where c.sms_consent and c.phone is not null
     and (to_jsonb(c) ->> 'forgotten_at') is null
     and (p_location_id is null or exists (
           select 1 from public.visits v
            where v.customer_id = c.id and v.location_id = p_location_id and v.status = 'approved'))
     and (p_tier is null or (private.tier_for(c.total_points) ->> 'name') = p_tier)
     and (p_last_visit_before is null
          or c.last_visit_at < p_last_visit_before::timestamp at time zone private.programme_time_zone())
     and (p_last_visit_after is null
          or c.last_visit_at >= p_last_visit_after::timestamp at time zone private.programme_time_zone())
     and (p_joined_since is null
          or c.created_at >= p_joined_since::timestamp at time zone private.programme_time_zone())
     and (s.marketing_texts_per_week = 0
          or private.marketing_texts_this_week(c.id, p_now) < s.marketing_texts_per_week)
$$;
revoke execute on function private.campaign_members(text, text, date, date, date, timestamptz) from public;

create function private.campaign_text(p_message text)
returns text
language sql
immutable
set search_path = ''
as $$
  select private.clean_text(p_message, 'Message', 300)
$$;
revoke execute on function private.campaign_text(text) from public;

-- The exact text of a campaign: a business owner's starts with their business's
-- name, so a member knows who is writing; the programme's own campaigns with the programme's.
create function private.campaign_body(p_message text, p_location_id text, p_owner boolean)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select l.business_name || ' (' || private.programme_name() || ')'
                     from public.locations l where p_owner and l.id = p_location_id),
                  private.programme_name())
         || ': ' || p_message || ' Reply STOP to opt out.'
$$;
revoke execute on function private.campaign_body(text, text, boolean) from public;

-- The fewest members a business owner's campaign may reach (no figure, and no
-- text, about fewer than 3 identifiable members). Admins are not limited.
create function private.campaign_min_members()
returns integer
language sql immutable
set search_path = ''
as $$
  select 3
$$;
revoke execute on function private.campaign_min_members() from public;

create function private.campaign_json(p_campaign private.text_campaigns)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_campaign.id,
    'status', p_campaign.status,
    'message', p_campaign.message,
    'body', p_campaign.body,
    'locationId', p_campaign.location_id,
    'segment', jsonb_build_object(
      'locationId', p_campaign.segment_location_id,
      'tier', p_campaign.segment_tier,
      'lastVisitBefore', p_campaign.segment_last_visit_before,
      'lastVisitAfter', p_campaign.segment_last_visit_after,
      'joinedSince', p_campaign.segment_joined_since),
    'sendAt', p_campaign.send_at,
    'createdAt', p_campaign.created_at,
    'startedAt', p_campaign.started_at,
    'cancelledAt', p_campaign.cancelled_at,
    'recipients', p_campaign.recipients,
    'timeZone', private.programme_time_zone(),
    -- When the texts held for quiet hours go out (null: none is held).
    'heldUntil', (select min(t.next_attempt_at) from private.texts t
                   where t.campaign_id = p_campaign.id and t.status = 'held'),
    'figures', (
      select jsonb_build_object(
        'queued', count(*) filter (where t.status in ('queued', 'held', 'sending')),
        'sent', count(*) filter (where t.status in ('sent', 'delivered')),
        'delivered', count(*) filter (where t.status = 'delivered'),
        'failed', count(*) filter (where t.status = 'failed'),
        'optedOut', count(*) filter (where t.status = 'cancelled' and t.error = 'opted_out'))
        from private.texts t where t.campaign_id = p_campaign.id))
$$;
revoke execute on function private.campaign_json(private.text_campaigns) from public;

-- A campaign as its caller may see it: for a business owner, the members count and
-- every figure is withheld (null: "fewer than 3") when the campaign reached 1 or 2 members or the
-- figure itself is about 1 or 2 (private.withheld_if_few). The audit log keeps the full figures.
create function private.campaign_view(p_campaign private.text_campaigns)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_json jsonb := private.campaign_json(p_campaign);
  v_key text;
  v_few boolean;
begin
  if private.is_admin() then
    return v_json;
  end if;
  v_few := p_campaign.recipients is not null and private.withheld_if_few(p_campaign.recipients) is null;
  v_json := jsonb_set(v_json, '{recipients}', coalesce(to_jsonb(private.withheld_if_few(p_campaign.recipients)), 'null'::jsonb));
  for v_key in select jsonb_object_keys(v_json -> 'figures') loop
    v_json := jsonb_set(v_json, array['figures', v_key],
                        case when v_few then 'null'::jsonb
                             else coalesce(to_jsonb(private.withheld_if_few((v_json -> 'figures' ->> v_key)::bigint)), 'null'::jsonb) end);
  end loop;
  return v_json;
end;
$$;
revoke execute on function private.campaign_view(private.text_campaigns) from public;

-- Queues a campaign's texts (one per member, the event key keeps it once) and marks it started.
create function private.start_campaign(p_campaign_id uuid, p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaign private.text_campaigns;
  v_count integer := 0;
  v_member uuid;
begin
  select * into v_campaign from private.text_campaigns t where t.id = p_campaign_id for update;
  if v_campaign.status <> 'scheduled' then
    return 0;
  end if;
  -- One campaign at a time queues, so two campaigns started together keep the weekly cap.
  perform pg_advisory_xact_lock(hashtext('private.start_campaign'));
  -- A business owner's scheduled campaign that would now reach fewer than 3 members is cancelled
  -- (app.create_campaign refuses one at once).
  if v_campaign.created_by_role = 'owner'
     and (select count(*) from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                                        v_campaign.segment_last_visit_before,
                                                        v_campaign.segment_last_visit_after,
                                                        v_campaign.segment_joined_since, p_now))
         < private.campaign_min_members() then
    update private.text_campaigns t set status = 'cancelled', cancelled_at = p_now where t.id = p_campaign_id;
    return 0;
  end if;
  for v_member in
    select m from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                           v_campaign.segment_last_visit_before,
                                           v_campaign.segment_last_visit_after,
                                           v_campaign.segment_joined_since, p_now) m
  loop
    if private.queue_text(v_member, 'campaign', v_campaign.message,
                          'campaign:' || v_campaign.id || ':' || v_member, v_campaign.id, p_now) is not null then
      v_count := v_count + 1;
    end if;
  end loop;
  update private.text_campaigns t
     set status = 'started', started_at = p_now, recipients = v_count
   where t.id = p_campaign_id;
  return v_count;
end;
$$;
revoke execute on function private.start_campaign(uuid, timestamptz) from public;

create function private.start_due_campaigns(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_started integer := 0;
begin
  for v_id in
    select t.id from private.text_campaigns t
     where t.status = 'scheduled' and t.send_at <= p_now
     order by t.send_at
     for update skip locked
  loop
    perform private.start_campaign(v_id, p_now);
    perform private.audit(case when (select t.status from private.text_campaigns t where t.id = v_id) = 'cancelled'
                               then 'campaign.cancel' else 'campaign.start' end,
                          'campaign', v_id::text, null,
                          (select private.campaign_json(t) from private.text_campaigns t where t.id = v_id),
                          case when (select t.status from private.text_campaigns t where t.id = v_id) = 'cancelled'
                               then 'It would reach fewer than 3 members' end,
                          (select t.location_id from private.text_campaigns t where t.id = v_id), 'system');
    v_started := v_started + 1;
  end loop;
  return v_started;
end;
$$;
revoke execute on function private.start_due_campaigns(timestamptz) from public;

-- What a campaign would do now: how many members it reaches and the exact text, what one SMS
-- part costs (the cost estimate) and whether the caller may send it. Returns {"recipients",
-- "body", "partPriceCents", "tooFew"}; for a business owner recipients is null ("fewer than 3")
-- when it is 1 or 2, and tooFew says it reaches fewer than 3 (they cannot send it).
create function app.campaign_preview(
  p_message text, p_location_id text default null, p_tier text default null,
  p_last_visit_before date default null, p_last_visit_after date default null,
  p_joined_since date default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_scope text := private.campaign_scope(p_location_id);
  v_count bigint;
begin
  select count(*) into v_count
    from private.campaign_members(v_scope, p_tier, p_last_visit_before, p_last_visit_after, p_joined_since, now());
  return jsonb_build_object(
    'recipients', private.withheld_if_few(v_count),
    'body', private.campaign_body(private.campaign_text(p_message), v_scope, not private.is_admin()),
    'partPriceCents', (select s.sms_part_price_cents from private.settings s where s.id),
    'tooFew', not private.is_admin() and v_count < private.campaign_min_members());
end;
$$;
revoke execute on function app.campaign_preview(text, text, text, date, date, date) from public;
grant execute on function app.campaign_preview(text, text, text, date, date, date) to authenticated;

-- Creates a campaign: sent now (p_send_at null or past) or scheduled. At most
-- private.settings.campaigns_per_hour per sender (429). Audited: campaign.send or campaign.schedule.
create function app.create_campaign(
  p_message text, p_location_id text default null, p_tier text default null,
  p_last_visit_before date default null, p_last_visit_after date default null,
  p_joined_since date default null, p_send_at timestamptz default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_scope text := private.campaign_scope(p_location_id);
  v_message text := private.campaign_text(p_message);
  v_limit integer;
  v_row private.text_campaigns;
begin
  if p_tier is not null and not exists (select 1 from public.tiers t where t.name = p_tier) then
    perform private.fail('400', 'Unknown tier');
  end if;
  if p_send_at is not null and p_send_at > now() + interval '90 days' then
    perform private.fail('400', 'Schedule a campaign at most 90 days ahead');
  end if;
  if not private.is_admin()
     and (select count(*) from private.campaign_members(v_scope, p_tier, p_last_visit_before, p_last_visit_after,
                                                        p_joined_since, now())) < private.campaign_min_members() then
    perform private.fail('422', 'This offer would reach fewer than 3 members. A business''s offer goes to at least 3, '
                                || 'so no one is singled out: choose more members.');
  end if;
  select s.campaigns_per_hour into v_limit from private.settings s;
  if v_limit > 0 then
    perform pg_advisory_xact_lock(hashtext('campaigns:' || coalesce(auth.uid()::text, '')));
    if (select count(*) from private.text_campaigns t
         where t.created_by is not distinct from auth.uid() and t.created_at > now() - interval '1 hour') >= v_limit then
      perform private.fail('429', 'Too many campaigns in the last hour; try again later');
    end if;
  end if;
  insert into private.text_campaigns (created_by, created_by_role, location_id, segment_location_id,
                                      segment_tier, segment_last_visit_before, segment_last_visit_after,
                                      segment_joined_since, message, body, send_at)
  values (auth.uid(), case when private.is_admin() then 'admin' else 'owner' end, v_scope, v_scope,
          p_tier, p_last_visit_before, p_last_visit_after, p_joined_since, v_message,
          private.campaign_body(v_message, v_scope, not private.is_admin()),
          greatest(coalesce(p_send_at, now()), now()))
  returning * into v_row;
  if v_row.send_at <= now() then
    perform private.start_campaign(v_row.id, now());
    select * into v_row from private.text_campaigns t where t.id = v_row.id;
  end if;
  perform private.audit(case when v_row.status = 'started' then 'campaign.send' else 'campaign.schedule' end,
                        'campaign', v_row.id::text, null, private.campaign_json(v_row), null, v_row.location_id,
                        case when private.is_admin() then null else 'owner' end);
  return jsonb_build_object('campaign', private.campaign_view(v_row));
end;
$$;
revoke execute on function app.create_campaign(text, text, text, date, date, date, timestamptz) from public;
grant execute on function app.create_campaign(text, text, text, date, date, date, timestamptz) to authenticated;

-- Cancels a scheduled campaign before it starts (409 once started or cancelled). Audited.
create function app.cancel_campaign(p_campaign_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.text_campaigns;
  v_before jsonb;
begin
  perform private.campaign_scope(null);
  select * into v_row from private.text_campaigns t where t.id = p_campaign_id for update;
  -- An owner cancels only their business's owner campaigns, never an admin's (even one aimed at it).
  if v_row.id is null or not (private.is_admin()
                              or (v_row.created_by_role = 'owner' and v_row.location_id = private.owner_location_id())) then
    perform private.fail('404', 'Campaign not found');
  end if;
  if v_row.status <> 'scheduled' then
    perform private.fail('409', 'This campaign has already ' || case when v_row.status = 'started' then 'started' else 'been cancelled' end);
  end if;
  v_before := private.campaign_json(v_row);
  update private.text_campaigns t set status = 'cancelled', cancelled_at = now()
   where t.id = p_campaign_id returning * into v_row;
  perform private.audit('campaign.cancel', 'campaign', v_row.id::text, v_before, private.campaign_json(v_row),
                        null, v_row.location_id, case when private.is_admin() then null else 'owner' end);
  return jsonb_build_object('campaign', private.campaign_view(v_row));
end;
$$;
revoke execute on function app.cancel_campaign(uuid) from public;
grant execute on function app.cancel_campaign(uuid) to authenticated;

-- The caller's campaigns (an admin: all; an owner: their business's), newest first, with figures.
create function app.campaigns(p_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_owner text;
begin
  perform private.campaign_scope(null);
  v_owner := case when private.is_admin() then null else private.owner_location_id() end;
  return jsonb_build_object('campaigns', coalesce((
    select jsonb_agg(private.campaign_view(t) order by t.created_at desc)
      from (select * from private.text_campaigns t
             where v_owner is null or (t.location_id = v_owner and t.created_by_role = 'owner')
             order by t.created_at desc
             limit greatest(least(coalesce(p_limit, 50), 200), 1)) t), '[]'::jsonb));
end;
$$;
revoke execute on function app.campaigns(integer) from public;
grant execute on function app.campaigns(integer) to authenticated;

-- The texts' schedule: every minute pg_cron calls the api function's drain
-- (POST …/functions/v1/api/hooks/texts/drain) through pg_net, with the drain secret and the
-- functions' address read from Supabase Vault (`npm run deploy` stores both: texts_drain_secret
-- and texts_functions_url); without those two secrets the job calls nothing. Created where the
-- extensions exist (hosted Supabase); skipped with a notice where they do not (PGlite, a plain
-- Postgres, a Postgres without pg_cron in shared_preload_libraries). The local stack drains on
-- its own interval (dev/stack.ts).
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
    raise notice 'texts schedule skipped: this database has no %', v_missing;
    return;
  end if;
  create extension if not exists pg_cron;
  if to_regproc('net.http_post') is null then
    create extension if not exists pg_net;
  end if;
  -- cron.schedule with a job's name replaces that job: a second run changes nothing.
  perform cron.schedule('drain-texts', '* * * * *', $job$
    select net.http_post(
      url := url.decrypted_secret || '/api/hooks/texts/drain',
      headers := jsonb_build_object('content-type', 'application/json', 'x-drain-secret', secret.decrypted_secret),
      body := '{}'::jsonb,
      timeout_milliseconds := 30000)
      from vault.decrypted_secrets url
      join vault.decrypted_secrets secret on secret.name = 'texts_drain_secret'
     where url.name = 'texts_functions_url'
  $job$);
end;
$schedule$;
