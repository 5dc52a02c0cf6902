-- The "your reward is ready" and "you reached a tier" texts say the last day a reward that expires
-- can be used ("(use it by December 5, 2026)"); a reward that never expires is told as before.
-- The same as supabase/schemas/48_texts.sql.

-- A reward unlocked: a business's welcome reward is "ready"; a tier reward means the member
-- reached that tier (once per tier, even if a void takes it back and it is earned again). A reward
-- that expires (95_reward_expiry.sql) says the last day it can be used.
create or replace function private.text_reward_unlocked()
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
