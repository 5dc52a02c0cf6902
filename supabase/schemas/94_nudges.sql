-- Nudges that bring members back (docs/TEXTS.md, "Your reward is waiting"): N days after a reward
-- unlocked and was not redeemed, its member gets one text saying it is waiting. Off until the
-- operator sets N. Only to members who agreed to texts (private.queue_text checks the confirmed
-- consent), held through quiet hours, and counted as a marketing text in the weekly cap: a
-- reminder over the cap is not sent now and is tried again at a later drain. Once per reward (its
-- event key 'waiting:<customer reward>'). Only rewards that reached N days in the last 14 days are
-- reminded, so turning the setting on does not text about rewards that have waited for months.

create table private.nudge_settings (
  id boolean primary key default true check (id),
  -- Days after the unlock; null: off.
  reward_waiting_days integer check (reward_waiting_days between 1 and 90)
);
insert into private.nudge_settings default values;
alter table private.nudge_settings enable row level security;
revoke all on private.nudge_settings from anon, authenticated, service_role;

-- GET /api/admin/nudges.
create function app.admin_nudge_settings()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the programme''s settings');
  return (select jsonb_build_object('rewardWaitingDays', s.reward_waiting_days) from private.nudge_settings s where s.id);
end;
$$;
revoke execute on function app.admin_nudge_settings() from public;
grant execute on function app.admin_nudge_settings() to authenticated;

-- PUT /api/admin/nudges: N (1–90), or null to turn the reminder off. Audited.
create function app.admin_update_nudge_settings(p_reward_waiting_days integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before integer;
begin
  perform private.require_admin('Only admins can change the programme''s settings');
  if p_reward_waiting_days is not null and p_reward_waiting_days not between 1 and 90 then
    perform private.fail('400', 'The reminder is sent 1 to 90 days after the reward unlocked');
  end if;
  select s.reward_waiting_days into v_before from private.nudge_settings s where s.id for update;
  update private.nudge_settings s set reward_waiting_days = p_reward_waiting_days where s.id;
  perform private.audit('settings.reward_waiting_days', 'settings', 'nudges',
                        jsonb_build_object('rewardWaitingDays', v_before), jsonb_build_object('rewardWaitingDays', p_reward_waiting_days));
  return jsonb_build_object('rewardWaitingDays', p_reward_waiting_days);
end;
$$;
revoke execute on function app.admin_update_nudge_settings(integer) from public;
grant execute on function app.admin_update_nudge_settings(integer) to authenticated;

-- Queues the "your reward is waiting" texts due at p_now (the texts drain calls it before it
-- claims texts; service_role). At most 500 a call. Returns how many were queued.
create function app.queue_reward_reminders(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_days integer := (select s.reward_waiting_days from private.nudge_settings s where s.id);
  v_queued integer := 0;
  r record;
begin
  if v_days is null then
    return 0;
  end if;
  for r in
    select cr.id, cr.customer_id, rw.name, rw.scope, l.business_name
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      join public.customers c on c.id = cr.customer_id
      left join public.locations l on l.id = rw.location_id
     where cr.status = 'unlocked'
       -- A reward past its expiry date (95_reward_expiry.sql) is no longer waiting.
       and (cr.expires_at is null or cr.expires_at > p_now)
       and cr.unlocked_at <= p_now - make_interval(days => v_days)
       and cr.unlocked_at > p_now - make_interval(days => v_days + 14)
       and c.sms_consent and c.forgotten_at is null and c.suspended_at is null
       and not exists (select 1 from private.texts t where t.event_key = 'waiting:' || cr.id)
     order by cr.unlocked_at
     limit 500
  loop
    if private.queue_text(r.customer_id, 'campaign',
         'Your reward "' || r.name || '" is waiting'
           || case when r.scope = 'network' then ' at any participating business' else ' at ' || coalesce(r.business_name, 'its business') end
           || '. Show your card at the counter: ' || private.site_url() || '/account',
         'waiting:' || r.id, null, p_now) is not null then
      v_queued := v_queued + 1;
    end if;
  end loop;
  return v_queued;
end;
$$;
revoke execute on function app.queue_reward_reminders(timestamptz) from public;
grant execute on function app.queue_reward_reminders(timestamptz) to service_role;
