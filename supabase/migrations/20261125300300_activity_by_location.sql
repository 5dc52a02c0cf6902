-- Recent Activity follows the dashboard's Location filter (issue 20 §5): the latest approved
-- visits anywhere, or at one business (visits_location_created_idx serves that read).
drop function app.admin_activity(integer);

create function app.admin_activity(p_limit integer default 20, p_location_id text default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'customerName', c.name,
                                                 'locationId', l.id, 'locationName', l.business_name,
                                                 'createdAt', v.created_at, 'points', v.points)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi
             where vi.status = 'approved'
               and (p_location_id is null or vi.location_id = p_location_id)
             order by vi.created_at desc, vi.id limit p_limit) v
      join public.customers c on c.id = v.customer_id
      join public.locations l on l.id = v.location_id);
end;
$$;

revoke execute on function app.admin_activity(integer, text) from public;
grant execute on function app.admin_activity(integer, text) to authenticated;
