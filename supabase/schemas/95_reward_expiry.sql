-- Optional reward expiry (docs/RULES.md "Reward expiry", docs/TEXTS.md "Your reward expires
-- soon"). Points never expire (PRODUCT §3); a reward may, when the operator turns expiry on for
-- that reward: public.rewards.expires_after_days, off (null) by default.
--
-- - Each unlock carries its own date (public.customer_rewards.expires_at): the end of the
--   programme day N days after it unlocked, so "Expires on December 5" means usable all of
--   December 5. Set when the reward unlocks (customer_rewards_set_expiry).
-- - A change of the setting never brings a member's date earlier and never expires anything on
--   the spot: the unused rewards already held get the later of their current date and N days
--   from the change (turning expiry on starts their clock at the change); turning it off takes
--   the dates away. Rewards whose date has already passed have expired and are left as they are.
-- - Within the warning window (private.reward_expiry_warning, 7 days) the member's /account warns,
--   and one text per reward ("expiring:<customer reward>") goes to members who agreed to texts,
--   through the queue (quiet hours, the weekly cap of marketing texts: over it, tried again at a
--   later run while the window lasts).
-- - Expiry is a ledger event: app.expire_rewards marks each due unlock 'expired' and records
--   reward_expired, once, under the same row locks as every redemption, so a reward is redeemed
--   or expired, never both. Every redemption path refuses a reward past its date even before the
--   run records it (private.reward_expired_message). An expired reward has no redeemed_at:
--   settlement and the reports, which count redemptions, owe and count nothing for it.

-- Members are warned this long before a reward expires (the contract's REWARD_EXPIRY_WARNING_DAYS).
create function private.reward_expiry_warning()
returns interval
language sql immutable
set search_path = ''
as $$
  select interval '7 days'
$$;
revoke execute on function private.reward_expiry_warning() from public;

-- When an unlock made at p_from expires after p_days: the start of the programme day after the
-- p_days-th. Null when p_days is null (the reward does not expire).
create function private.reward_expires_at(p_from timestamptz, p_days integer)
returns timestamptz
language sql stable
set search_path = ''
as $$
  select case when p_days is not null then
    (((p_from at time zone private.programme_time_zone())::date + p_days + 1)::timestamp)
      at time zone private.programme_time_zone()
  end
$$;
revoke execute on function private.reward_expires_at(timestamptz, integer) from public;

-- A new unlock of a reward that expires gets its date (an explicit one is kept).
create function private.set_reward_expiry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'unlocked' and new.expires_at is null then
    new.expires_at := private.reward_expires_at(
      new.unlocked_at, (select r.expires_after_days from public.rewards r where r.id = new.reward_id));
  end if;
  return new;
end;
$$;
revoke execute on function private.set_reward_expiry() from public;

create trigger customer_rewards_set_expiry
  before insert on public.customer_rewards
  for each row execute function private.set_reward_expiry();

-- PUT /api/admin/rewards/{id}/expiry: a reward expires N days (1–365) after it unlocks, or never
-- (null). The unused rewards members hold follow the rule at the top of this file. Audited
-- (reward.expiry, with how many held rewards got a new date). LY400, LY403, LY404.
-- Returns the reward as the catalogue shows it.
create function app.admin_set_reward_expiry(p_reward_id uuid, p_expires_after_days integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.rewards;
  v_row public.rewards;
  v_new_date timestamptz := private.reward_expires_at(now(), p_expires_after_days);
  v_dated integer;
begin
  perform private.require_admin('Only admins can change rewards');
  if p_expires_after_days is not null and p_expires_after_days not between 1 and 365 then
    perform private.fail('400', 'A reward can expire 1 to 365 days after it unlocks, or never');
  end if;
  select * into v_before from public.rewards r where r.id = p_reward_id for update;
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  update public.rewards r set expires_after_days = p_expires_after_days where r.id = p_reward_id
  returning * into v_row;
  -- Row locks in id order, as app.expire_rewards takes them.
  with held as (
    select cr.id from public.customer_rewards cr
     where cr.reward_id = p_reward_id and cr.status = 'unlocked' and (cr.expires_at is null or cr.expires_at > now())
     order by cr.id
       for update)
  update public.customer_rewards cr
     set expires_at = case when p_expires_after_days is null then null else greatest(cr.expires_at, v_new_date) end
    from held
   where cr.id = held.id
     and cr.expires_at is distinct from (case when p_expires_after_days is null then null
                                              else greatest(cr.expires_at, v_new_date) end);
  get diagnostics v_dated = row_count;
  perform private.audit('reward.expiry', 'reward', v_row.id::text, private.reward_json(v_before),
                        private.reward_json(v_row) || jsonb_build_object('heldRewardsChanged', v_dated),
                        null, v_row.location_id);
  return private.reward_json(v_row);
end;
$$;
revoke execute on function app.admin_set_reward_expiry(uuid, integer) from public;
grant execute on function app.admin_set_reward_expiry(uuid, integer) to authenticated;

-- The scheduled run (each texts drain calls it first: pg_cron every minute where present; the
-- tests call it with their clock p_now; service_role only). Records the expiry of every unused
-- reward whose date is at or before p_now — status 'expired', expired_at its date, one
-- reward_expired ledger event — and queues the "expires soon" texts due. At most 500 of each a
-- call. Each reward is taken under the customer's and the reward's row locks, the order every
-- redemption takes them, and checked again once locked: a redemption that got there first wins.
-- Returns {"expired", "warned"}.
create function app.expire_rewards(p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_expired integer := 0;
  v_warned integer := 0;
  r record;
begin
  for r in
    select cr.id from public.customer_rewards cr
     where cr.status = 'unlocked' and cr.expires_at <= p_now
     order by cr.id
     limit 500
  loop
    v_row := private.lock_customer_reward(r.id);
    if v_row.status = 'unlocked' and v_row.expires_at <= p_now then
      update public.customer_rewards cr set status = 'expired', expired_at = v_row.expires_at where cr.id = v_row.id;
      perform private.record_event(v_row.customer_id, 'reward_expired', 0, null, v_row.id,
        coalesce(v_row.welcome_location_id, (select rw.location_id from public.rewards rw where rw.id = v_row.reward_id)));
      v_expired := v_expired + 1;
    end if;
  end loop;

  for r in
    select cr.id, cr.customer_id, cr.expires_at, rw.name, rw.scope, l.business_name
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      join public.customers c on c.id = cr.customer_id
      left join public.locations l on l.id = rw.location_id
     where cr.status = 'unlocked'
       and cr.expires_at > p_now and cr.expires_at <= p_now + private.reward_expiry_warning()
       and c.sms_consent and c.forgotten_at is null and c.suspended_at is null
       and not exists (select 1 from private.texts t where t.event_key = 'expiring:' || cr.id)
     order by cr.expires_at, cr.id
     limit 500
  loop
    if private.queue_text(r.customer_id, 'campaign',
         'Your reward "' || r.name || '" expires on ' || private.reward_expiry_day(r.expires_at)
           || ': use it before then'
           || case when r.scope = 'network' then ' at any participating business' else ' at ' || coalesce(r.business_name, 'its business') end
           || '. ' || private.site_url() || '/account',
         'expiring:' || r.id, null, p_now) is not null then
      v_warned := v_warned + 1;
    end if;
  end loop;
  return jsonb_build_object('expired', v_expired, 'warned', v_warned);
end;
$$;
revoke execute on function app.expire_rewards(timestamptz) from public;
grant execute on function app.expire_rewards(timestamptz) to service_role;
