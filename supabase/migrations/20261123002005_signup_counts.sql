-- The Locations tab's sign-ups per business (customers who joined there, ever) as a counter
-- per business kept by a trigger on customers (issue 14): counting them read ~50k index
-- entries a business, with a heap visit for each customer whose row an approval had just
-- updated (points), so the tab cost ~30 ms even for a 7-day range.

create table private.signup_counts (
  location_id text primary key,
  n integer not null
);
alter table private.signup_counts enable row level security;
revoke all on private.signup_counts from anon, authenticated, service_role;

create function private.count_signups()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.signup_location_id is not null then
    update private.signup_counts set n = n - 1 where location_id = old.signup_location_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.signup_location_id is not null then
    insert into private.signup_counts as t (location_id, n) values (new.signup_location_id, 1)
    on conflict (location_id) do update set n = t.n + 1;
  end if;
  return null;
end;
$$;

create trigger customers_count_signups
  after insert or delete or update of signup_location_id on public.customers
  for each row execute function private.count_signups();

create function private.rebuild_signup_counts()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.signup_counts where true;
  insert into private.signup_counts (location_id, n)
  select c.signup_location_id, count(*) from public.customers c where c.signup_location_id is not null group by 1;
$$;
select private.rebuild_signup_counts();

-- Sign-ups per business for the Locations tab (admins only).
create function private.signups_by_location()
returns table (location_id text, n bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  return query select s.location_id, s.n::bigint from private.signup_counts s;
end;
$$;

revoke execute on function private.count_signups(), private.rebuild_signup_counts(), private.signups_by_location() from public;
grant execute on function private.signups_by_location() to authenticated;
