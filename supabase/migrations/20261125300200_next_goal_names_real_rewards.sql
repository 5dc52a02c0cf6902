-- The next goal never names a reward that does not exist (issue 20 §6): past the top tier there
-- was a 'Premium Reward' 10 points above it, which nobody can unlock. From the top tier on, the
-- goal is that tier itself, reached (pointsNeeded 0): screens show the goal only while points
-- are still needed.
create or replace function private.next_goal(p_points integer)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('target', g.target, 'label', g.label,
                            'pointsNeeded', greatest(g.target - coalesce(p_points, 0), 0))
    from (
      select coalesce(n.min_points, top.min_points) as target,
             coalesce(n.goal_label, top.goal_label) as label
        from (
          select t.min_points, t.goal_label from public.tiers t order by t.min_points desc limit 1
        ) top
        left join lateral (
          select t.min_points, t.goal_label
            from public.tiers t
           where t.min_points > coalesce(p_points, 0)
           order by t.min_points
           limit 1
        ) n on true
    ) g
$$;
