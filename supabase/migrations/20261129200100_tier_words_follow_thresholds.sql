-- Issue 31 §1: tier thresholds the points a visit earns cannot reach are refused (400, in words),
-- and a tier reward's "N points" follows its threshold in the same change.
-- Issue 31 §1: a threshold that visits' points cannot reach (Silver = 12 with 5 points a visit)
-- is refused with the nearest thresholds that can (contract: unreachableThreshold, same words).
create function private.check_reachable(p_name text, p_points integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  v_step integer := private.points_per_visit();
  v_below integer := (p_points / v_step) * v_step;
begin
  if p_points % v_step <> 0 then
    perform private.fail('400', format('%s at %s points cannot be reached with %s points a visit: choose %s',
      p_name, p_points, v_step,
      case when v_below > 0 then format('%s or %s', v_below, v_below + v_step) else (v_step)::text end));
  end if;
end;
$$;
revoke execute on function private.check_reachable(text, integer) from public;
grant execute on function private.check_reachable(text, integer) to authenticated;

-- Bronze 0 < Silver < Gold <= the highest threshold.
create or replace function private.check_thresholds(p_silver integer, p_gold integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_silver is null or p_gold is null then
    perform private.fail('400', 'Give the Silver and Gold thresholds');
  end if;
  if p_silver < 1 or p_silver > private.max_tier_points() - 1 then
    perform private.fail('400', format('Silver needs from 1 to %s points', private.max_tier_points() - 1));
  end if;
  if p_gold <= p_silver then
    perform private.fail('400', 'Gold needs more points than Silver');
  end if;
  if p_gold > private.max_tier_points() then
    perform private.fail('400', format('Gold needs at most %s points', private.max_tier_points()));
  end if;
  -- Issue 31 §1: a threshold the points a visit earns never land on cannot be reached exactly.
  perform private.check_reachable('Silver', p_silver);
  perform private.check_reachable('Gold', p_gold);
end;
$$;
revoke execute on function private.check_thresholds(integer, integer) from public;
grant execute on function private.check_thresholds(integer, integer) to authenticated;

create or replace function app.admin_update_tiers(p_tiers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
  v_silver integer;
  v_gold integer;
  v_tier text;
  v_item jsonb;
  v_old_gold integer;
begin
  perform private.require_admin('Only admins can change the tiers');
  if p_tiers is null or jsonb_typeof(p_tiers) <> 'object'
     or (select count(*) from jsonb_object_keys(p_tiers) k where k not in ('Silver', 'Gold')) > 0
     or not (p_tiers ? 'Silver' and p_tiers ? 'Gold') then
    perform private.fail('400', 'Send the Silver and Gold tiers');
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    if jsonb_typeof(v_item -> 'minPoints') <> 'number' or jsonb_typeof(v_item -> 'rewardValueCents') <> 'number' then
      perform private.fail('400', format('%s needs a whole number of points and a value in cents', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'goalLabel', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the goal label has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardName', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the reward name has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardDescription', ''))) not between 1 and 500 then
      perform private.fail('400', format('%s: the reward description has 1 to 500 characters', v_tier));
    end if;
    if (v_item ->> 'rewardValueCents')::numeric not between 0 and 100000
       or (v_item ->> 'rewardValueCents')::numeric <> trunc((v_item ->> 'rewardValueCents')::numeric) then
      perform private.fail('400', format('%s: the value is from $0 to $1,000, in whole cents', v_tier));
    end if;
    if (v_item ->> 'minPoints')::numeric <> trunc((v_item ->> 'minPoints')::numeric) then
      perform private.fail('400', format('%s needs a whole number of points', v_tier));
    end if;
  end loop;
  v_silver := (p_tiers #>> '{Silver,minPoints}')::numeric;
  v_gold := (p_tiers #>> '{Gold,minPoints}')::numeric;
  perform private.check_thresholds(v_silver, v_gold);

  perform 1 from public.tiers t for update;
  v_before := private.tiers_json();
  v_old_gold := (select t.min_points from public.tiers t where t.name = 'Gold');
  -- min_points is unique: move the tier whose new threshold would meet the other's old one last.
  if v_silver >= v_old_gold then
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
  else
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    update public.tiers t
       set goal_label = btrim(v_item ->> 'goalLabel'),
           reward_value_cents = (v_item ->> 'rewardValueCents')::integer
     where t.name = v_tier;
    -- Issue 31 §1: the wording follows the threshold in the same change: "N points" in a tier
    -- reward's description says the tier's new threshold ("…reach Silver status (15 points)").
    update public.rewards r
       set name = btrim(v_item ->> 'rewardName'),
           description = regexp_replace(btrim(v_item ->> 'rewardDescription'), '\m\d+(\s+)points\M',
                                        (v_item ->> 'minPoints')::integer || '\1points', 'g')
     where r.kind = 'tier' and r.tier = v_tier;
  end loop;
  v_after := private.tiers_json();
  if v_after is distinct from v_before then
    perform private.audit('tier.update', 'tiers', 'Silver,Gold', v_before, v_after);
  end if;
  return v_after;
end;
$$;
revoke execute on function app.admin_update_tiers(jsonb) from public;
grant execute on function app.admin_update_tiers(jsonb) to authenticated;
