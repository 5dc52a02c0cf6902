-- Issue 30 §3: staff, owners and kiosks read no visits and no check-in tokens through the Data
-- API (each row names its member: customer_id, whose card value is customer:{id}). Members read
-- their own, admins all; the counter's and the kiosk's screens go through the api's functions.
drop policy "Members read their own visits, staff their location's" on public.visits;
create policy "Members read their own visits, admins all"
  on public.visits for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

drop policy "Members, issuing kiosks and location staff can read check-in tokens" on public.checkin_tokens;
create policy "Members read their own check-in tokens, admins all"
  on public.checkin_tokens for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));
