-- Granting staff to a phone that is a member's says so first (409 needs_confirmation) until the
-- admin or owner confirms.

drop function app.grant_staff(text, text);

-- Grants a phone staff access at a business. The phone's user (if any) becomes staff at once;
-- they get the claim with their next token (sign-in or refresh). A phone with no user yet keeps a
-- pending grant that its sign-up takes up. Granting again at the same business changes nothing.
-- 409: the person is an admin or a business owner, or is staff at another business (remove them
-- there first). A phone that is a member's is said before it is granted: status
-- 'needs_confirmation' and nothing granted, unless p_member_confirmed. Admins, and the business's owners, grant; each grant is audited.
create or replace function app.grant_staff(p_location_id text, p_phone text, p_member_confirmed boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_role text;
  v_role_location text;
  v_granted_at timestamptz;
  v_changed boolean;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  select h.role, h.location_id into v_role, v_role_location from private.held_role(v_phone, v_person) h;
  if v_role = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin, who can already use the staff counter');
  end if;
  if v_role = 'owner' then
    perform private.fail('409', 'This phone belongs to a business owner; remove the owner first');
  end if;
  if v_role = 'staff' and v_role_location is distinct from p_location_id then
    perform private.fail('409', format('This phone is already staff at %s; remove it there first',
      coalesce((select l.business_name from public.locations l where l.id = v_role_location), v_role_location)));
  end if;
  if v_role is null and not coalesce(p_member_confirmed, false)
     and exists (select 1 from public.customers c
                  where c.phone = v_phone or (v_person.id is not null and c.user_id = v_person.id)) then
    -- Nothing is granted: the answer asks the question, so the screen can put it before the grant.
    return jsonb_build_object(
      'phone', right(v_phone, 10), 'locationId', p_location_id, 'status', 'needs_confirmation',
      'userId', null, 'grantedAt', null,
      'question', 'This phone belongs to a member of the programme. As staff they sign in to the counter with it '
                  || 'and keep their own account; their own visits and rewards are approved by someone else. '
                  || 'Add them as staff?');
  end if;

  select r.granted_at, r.changed into v_granted_at, v_changed
    from private.give_role(v_phone, v_person, 'staff', p_location_id) r;
  if v_changed then
    insert into private.staff_grant_events (action, phone, location_id, user_id, actor_id)
    values ('granted', v_phone, p_location_id, v_person.id, auth.uid());
    perform private.audit('staff.grant', 'phone', v_phone, null,
                          jsonb_build_object('role', 'staff', 'locationId', p_location_id, 'userId', v_person.id,
                                             'status', case when v_person.id is null then 'pending' else 'active' end),
                          null, p_location_id);
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'locationId', p_location_id,
    'status', case when v_person.id is null then 'pending' else 'active' end,
    'userId', v_person.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_staff(text, text, boolean) from public;
grant execute on function app.grant_staff(text, text, boolean) to authenticated;

