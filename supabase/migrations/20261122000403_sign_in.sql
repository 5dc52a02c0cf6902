-- Sign-in: linking a member's Auth user to their customer row by a phone claim proven by an
-- SMS code, or creating it (the mobile sign-up variant).

-- Links the signed-in member to their customer row by their phone claim; 404 when none has it.
-- Only a session proven by an SMS code may (403 otherwise, issue 11 §1.6).
-- Phone change (issue 11 §1.7): a user already linked to a customer keeps that link, even when
-- their phone claim now matches another customer row; that other row is left untouched (it
-- stays with whoever signs in with that phone and no linked customer). No error.
create function app.link_customer_to_user()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.jwt_phone();
  v_id uuid;
begin
  if auth.uid() is null or private.is_anonymous() or v_phone is null then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  if not private.phone_proven_by_code() then
    perform private.fail('403', 'Sign in with a code sent to your phone to use your account');
  end if;
  select c.id into v_id from public.customers c where c.user_id = auth.uid();
  if found then
    return v_id;
  end if;
  update public.customers c
     set user_id = auth.uid()
   where c.phone = v_phone
  returning c.id into v_id;
  if v_id is null then
    perform private.fail('404', 'No account found with this phone number');
  end if;
  return v_id;
end;
$$;

-- After a verified phone sign-in (POST /api/auth/verify): links the member to the customer
-- with their phone; with sign-up details (the mobile sign-up variant) creates it when none
-- exists. Two parallel sign-ups with one phone create one customer: the loser of the insert
-- race links to the winner's row instead of failing.
-- Returns {"customer": {"id", "name", "phone" (10 digits)}, "created"}.
create function app.claim_customer(
  p_name text default null,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_created boolean := false;
begin
  begin
    v_id := app.link_customer_to_user();
  exception when sqlstate 'LY404' then
    if p_name is null then
      raise;
    end if;
    begin
      v_id := (private.create_customer(p_name, private.jwt_phone(), p_email, p_sms_consent, p_email_consent,
                                       null, 'mobile', p_sms_consent_wording)).id;
      v_created := true;
    exception when sqlstate 'LY409' then
      v_id := app.link_customer_to_user();
    end;
  end;
  return (select jsonb_build_object(
            'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', right(c.phone, 10)),
            'created', v_created)
            from public.customers c where c.id = v_id);
end;
$$;

revoke execute on function app.link_customer_to_user(), app.claim_customer(text, text, boolean, boolean, text) from public;
grant execute on function app.link_customer_to_user(), app.claim_customer(text, text, boolean, boolean, text) to authenticated;
