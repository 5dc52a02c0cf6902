-- Row level security for every table (DESIGN.md §3.7, §4). Reads go through these policies;
-- every write that carries a business rule goes through a function in schema app, so the
-- API roles get no direct insert/update/delete except where a policy below says so.
-- One permissive policy per table, action and role keeps the rules readable (and satisfies
-- the linter's multiple_permissive_policies).

alter table public.tiers enable row level security;
alter table public.locations enable row level security;
alter table public.rewards enable row level security;
alter table public.customers enable row level security;
alter table public.kiosk_sessions enable row level security;
alter table public.checkin_tokens enable row level security;
alter table public.visits enable row level security;
alter table public.customer_rewards enable row level security;
alter table public.contact_messages enable row level security;
alter table private.settings enable row level security;
alter table private.location_enrolment_codes enable row level security;
alter table private.rate_limit_hits enable row level security;

-- Table privileges: hosted Supabase grants everything in public to the API roles by default;
-- narrow that to what the policies below can ever allow.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all tables in schema private from anon, authenticated, service_role;

-- The programme catalogue (tiers, businesses, rewards) is public; only admins change it.
grant select on public.tiers, public.locations, public.rewards to anon, authenticated;
grant insert, update, delete on public.locations, public.rewards to authenticated;

create policy "Anyone can read the tiers"
  on public.tiers for select to anon, authenticated
  using (true);

create policy "Anyone can read the participating businesses"
  on public.locations for select to anon, authenticated
  using (true);
create policy "Admins can add businesses"
  on public.locations for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins can edit businesses"
  on public.locations for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can remove businesses"
  on public.locations for delete to authenticated
  using ((select private.is_admin()));

create policy "Anyone can read the rewards on offer"
  on public.rewards for select to anon, authenticated
  using (true);
create policy "Admins can add rewards"
  on public.rewards for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins can edit rewards"
  on public.rewards for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can remove rewards"
  on public.rewards for delete to authenticated
  using ((select private.is_admin()));

-- Customers: a member sees and edits their own contact details; admins see everyone.
-- Points and links change only through the app functions (column grants below).
grant select, delete on public.customers to authenticated;
grant update (name, email, sms_consent, email_consent) on public.customers to authenticated;

create policy "Members can read their own customer record, admins all"
  on public.customers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Members can edit their own contact details, admins all"
  on public.customers for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Admins can remove customers"
  on public.customers for delete to authenticated
  using ((select private.is_admin()));

-- Kiosk sessions: a kiosk sees its own session; admins see all.
grant select on public.kiosk_sessions to authenticated;
create policy "Kiosks can read their own session, admins all"
  on public.kiosk_sessions for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Check-in tokens (hashes only): the member they belong to, the kiosk that issued them,
-- staff of their location and admins.
grant select on public.checkin_tokens to authenticated;
create policy "Members, issuing kiosks and location staff can read check-in tokens"
  on public.checkin_tokens for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or issued_by_user_id = (select auth.uid())
    or location_id = (select private.staff_location_id())
    or (select private.is_admin())
  );

-- Visits: the member's own, and those at a staff member's location; admins all.
grant select on public.visits to authenticated;
create policy "Members read their own visits, staff their location's"
  on public.visits for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or location_id = (select private.staff_location_id())
    or (select private.is_admin())
  );

-- Unlocked rewards: the member's own; admins all.
grant select on public.customer_rewards to authenticated;
create policy "Members read their own rewards, admins all"
  on public.customer_rewards for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or (select private.is_admin())
  );

-- Contact messages: only admins read them; they are written through app.submit_contact_message.
grant select on public.contact_messages to authenticated;
create policy "Admins read contact messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));
