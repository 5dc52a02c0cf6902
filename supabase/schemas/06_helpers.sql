-- Helpers that several capability files call: pure text and number rules, and the programme-day and
-- privacy rules every report uses. They come after 05_authorization.sql (they call private.fail,
-- private.is_admin and private.programme_time_zone) and before every file that calls them.

-- A LIKE pattern matching p_part anywhere (its %, _ and \ taken literally).
create function private.like_contains(p_part text)
returns text
language sql immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(p_part, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke execute on function private.like_contains(text) from public;
grant execute on function private.like_contains(text) to authenticated;

-- Normalises a US phone (10 digits, or 11 starting with 1, any punctuation) to E.164.
create function app.normalize_phone(p_phone text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_digits text := regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) = 11 and left(v_digits, 1) = '1' then
    v_digits := substr(v_digits, 2);
  end if;
  if v_digits !~ '^[2-9][0-9]{9}$' then
    perform private.fail('400', 'Phone must be a 10-digit US number');
  end if;
  return '+1' || v_digits;
end;
$$;
revoke execute on function app.normalize_phone(text) from public;
grant execute on function app.normalize_phone(text) to anon, authenticated, service_role;

-- Owners see their business, not individual members: in a village a figure about one or two
-- members names them, so an owner gets null ("fewer than 3") for it; admins, who run the
-- programme, get every figure. None (0) names nobody and is shown. p_members: how many members
-- the figure is about when that is not the figure itself (the visits of two members).
create function private.withheld_if_few(p_figure bigint, p_members bigint default null)
returns bigint
language sql stable
set search_path = ''
as $$
  select case when not private.is_admin() and coalesce(p_members, p_figure) between 1 and 2 then null else p_figure end
$$;
revoke execute on function private.withheld_if_few(bigint, bigint) from public;
grant execute on function private.withheld_if_few(bigint, bigint) to authenticated;

-- The day of p_at in the programme's time zone (the operator's setting). The rollups
-- are bucketed by it: app.admin_update_text_settings rebuilds them when the zone changes.
create function private.programme_day(p_at timestamptz)
returns date
language sql stable
set search_path = ''
as $$
  select (p_at at time zone private.programme_time_zone())::date
$$;
revoke execute on function private.programme_day(timestamptz) from public;
grant execute on function private.programme_day(timestamptz) to authenticated;
