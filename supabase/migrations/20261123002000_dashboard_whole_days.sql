-- Dashboard ranges as whole programme days (issue 14). A rolling range (now − 7 days … now)
-- starts mid-day, so every read had to count its two partial days from the visits table, and
-- distinct members could not come from a day rollup at all. Now every range is a run of whole
-- days in America/Chicago, answerable from the day rollups:
--   7days    today and the 6 days before it;
--   30days   today and the 29 days before it;
--   3months  from the day after the same date three months ago, through today;
--   custom   from `from` through `to` (as before).
-- The previous period is the same number of days just before. The API returns the range it
-- used as instants (range.from = the first day's midnight, range.to = the midnight after the
-- last day), so a range across a DST change is a whole number of days, not of 24 hours.

create function private.dashboard_days(p_range text, p_from date default null, p_to date default null)
returns table (first_day date, end_day date, previous_first_day date)
language plpgsql stable
set search_path = ''
as $$
declare
  v_today date := (now() at time zone private.programme_time_zone())::date;
  v_first date;
  v_end date := v_today + 1;
begin
  case coalesce(p_range, '7days')
    when '7days' then v_first := v_today - 6;
    when '30days' then v_first := v_today - 29;
    when '3months' then v_first := (v_today - interval '3 months')::date + 1;
    when 'custom' then
      if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 731
         or p_from < date '2000-01-01' or p_to > date '2100-12-31' then
        perform private.fail('400', 'A custom range needs from <= to, at most two years apart');
      end if;
      v_first := p_from;
      v_end := p_to + 1;
    else
      perform private.fail('400', 'Unknown date range');
  end case;
  if p_range is distinct from 'custom' and (p_from is not null or p_to is not null) then
    perform private.fail('400', 'from and to belong to a custom range');
  end if;
  return query select v_first, v_end, v_first - (v_end - v_first);
end;
$$;

-- The same range as instants [starts_at, ends_at) with the previous period's start; every
-- dashboard read (metrics, chart, top locations, customers, cross-shopping, tabs) uses it.
create or replace function private.dashboard_range(p_range text, p_from date default null, p_to date default null)
returns table (starts_at timestamptz, ends_at timestamptz, previous_starts_at timestamptz)
language sql stable
set search_path = ''
as $$
  select d.first_day::timestamp at time zone private.programme_time_zone(),
         d.end_day::timestamp at time zone private.programme_time_zone(),
         d.previous_first_day::timestamp at time zone private.programme_time_zone()
    from private.dashboard_days(p_range, p_from, p_to) d
$$;

revoke execute on function private.dashboard_days(text, date, date) from public;
grant execute on function private.dashboard_days(text, date, date) to authenticated;
