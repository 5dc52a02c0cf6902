-- The dashboard chart (issue 14): approved visits per day (America/Chicago) per business over
-- a dashboard range, every day of the range present (zero when nothing happened).
create function app.admin_visit_series(p_location_id text default null, p_range text default '7days',
                                       p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_zone text := private.programme_time_zone();
  v_first date;
  v_last date;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  v_first := (r.starts_at at time zone v_zone)::date;
  -- ends_at is exclusive: a custom range ends at midnight after its last day.
  v_last := ((r.ends_at - interval '1 microsecond') at time zone v_zone)::date;
  return jsonb_build_object(
    'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
    'timeZone', v_zone,
    'locations', (
      select jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name, 'color', l.color)
                       order by l.sort_order, l.id)
        from public.locations l where p_location_id is null or l.id = p_location_id),
    'days', (
      with counts as (
        select (v.created_at at time zone v_zone)::date as day, v.location_id, count(*) as n
          from public.visits v
         where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
           and (p_location_id is null or v.location_id = p_location_id)
         group by 1, 2)
      select jsonb_agg(jsonb_build_object(
               'day', to_char(d.day, 'YYYY-MM-DD'),
               'total', coalesce((select sum(c.n) from counts c where c.day = d.day), 0),
               'visits', (select coalesce(jsonb_object_agg(l.id, coalesce(c.n, 0)), '{}'::jsonb)
                            from public.locations l
                            left join counts c on c.day = d.day and c.location_id = l.id
                           where p_location_id is null or l.id = p_location_id))
             order by d.day)
        from generate_series(v_first, v_last, interval '1 day') as g(day)
        cross join lateral (select g.day::date as day) d));
end;
$$;

revoke execute on function app.admin_visit_series(text, text, date, date) from public;
grant execute on function app.admin_visit_series(text, text, date, date) to authenticated;
