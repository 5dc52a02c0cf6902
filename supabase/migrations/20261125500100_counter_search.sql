-- The counter's member search (issue 20 §5): a name or phone digits find a member at /staff.

-- The counter's member search (issue 20 §5): the fallback when a member's phone is flat. Staff
-- of any business and admins find any member by a part of the name (2+ characters, any case) or
-- by 3+ digits of the phone; the answer holds only what the counter needs — the id (their card is
-- customer:{id}), the name, the phone's last 4 digits, points and tier. At most 10 rows, names
-- that start with the text first; `more` says there were others (type more to narrow).
create function app.counter_search(p_query text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_text text := lower(btrim(coalesce(p_query, '')));
  v_digits text := regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g');
  v_by_phone boolean;
  v_rows jsonb;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.app_role() is null or private.app_role() not in ('staff', 'admin') then
    perform private.fail('403', 'Only staff can search members');
  end if;
  -- Digits and phone punctuation only: a phone; anything with a letter: a name.
  v_by_phone := v_text ~ '^[0-9 ()+.-]+$';
  if v_by_phone and length(v_digits) < 3 then
    perform private.fail('400', 'Type at least 3 digits of the phone number');
  end if;
  if not v_by_phone and char_length(v_text) < 2 then
    perform private.fail('400', 'Type at least 2 letters of the name');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'name', m.name, 'phoneLast4', right(m.phone, 4),
           'totalPoints', m.total_points, 'tier', private.tier_for(m.total_points) ->> 'name')
           order by m.starts, lower(m.name), m.id), '[]'::jsonb)
    into v_rows
    from (
      select c.id, c.name, c.phone, c.total_points,
             case when v_by_phone then position(v_digits in c.phone) <> 2
                  else lower(c.name) not like v_text || '%' end as starts
        from public.customers c
       where case when v_by_phone then c.phone like private.like_contains(v_digits)
                  else lower(c.name) like private.like_contains(v_text) end
       order by starts, lower(c.name), c.id
       limit 11
    ) m;
  return jsonb_build_object(
    'customers', coalesce((select jsonb_agg(r.e order by r.n) from jsonb_array_elements(v_rows) with ordinality r(e, n) where r.n <= 10), '[]'::jsonb),
    'more', jsonb_array_length(v_rows) > 10);
end;
$$;
revoke execute on function app.counter_search(text) from public;
grant execute on function app.counter_search(text) to authenticated;
