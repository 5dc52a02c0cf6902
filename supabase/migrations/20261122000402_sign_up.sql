-- Sign-up: one customer per phone, the channel decided here (not by the caller), the SMS
-- consent recorded. The functions in schema app (not exposed by the Data API; the api function
-- calls them as the caller) decide who may act from auth.jwt() and raise private.fail() errors
-- (SQLSTATE LY<http status>); they are security definer because they write tables the API
-- roles cannot.

-- Creates a customer; one per phone (a second sign-up is a 409). A signed-in caller whose
-- phone claim is this phone and was proven by an SMS code, and who has no customer yet, is
-- linked to the new row. Records the SMS consent with the wording shown.
create function private.create_customer(
  p_name text, p_phone text, p_email text, p_sms_consent boolean, p_email_consent boolean,
  p_location_id text, p_channel text, p_sms_consent_wording text
)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_name text := private.clean_name(p_name);
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_user_id uuid;
  v_row public.customers;
begin
  perform private.require_location(p_location_id);
  if v_email is not null and not private.is_email(v_email) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if auth.uid() is not null and not private.is_anonymous()
     and private.jwt_phone() = v_phone and private.phone_proven_by_code()
     and not exists (select 1 from public.customers c where c.user_id = auth.uid()) then
    v_user_id := auth.uid();
  end if;

  insert into public.customers (user_id, name, phone, email, sms_consent, email_consent, signup_location_id, signup_channel)
  values (v_user_id, v_name, v_phone, v_email,
          coalesce(p_sms_consent, false), coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning * into v_row;
  if v_row.id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  if coalesce(p_sms_consent, false) then
    insert into public.consents (customer_id, channel, wording, scope, signup_channel)
    values (v_row.id, 'sms',
            coalesce(nullif(btrim(coalesce(p_sms_consent_wording, '')), ''), private.default_sms_consent_wording()),
            private.consent_scope(), p_channel);
  end if;
  return v_row;
end;
$$;

-- Sign-up (POST /api/customers; SPEC §3 sign-up payload). The channel is the caller's: a kiosk
-- (anonymous device session) signs customers up at its own location unless told another;
-- otherwise 'business' when a location is given, else 'web'. Returns the contract's shape:
-- {"customer": {"id", "name"}, "welcomeReward": {"name", "description"} | null}.
create function app.create_customer(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk_location text;
  v_location_id text := p_location_id;
  v_channel text;
  v_row public.customers;
begin
  if private.is_anonymous() and auth.uid() is not null then
    select k.location_id into v_kiosk_location from public.kiosk_sessions k where k.user_id = auth.uid();
    v_location_id := coalesce(p_location_id, v_kiosk_location);
    v_channel := 'kiosk';
  else
    v_channel := case when p_location_id is not null then 'business' else 'web' end;
  end if;
  v_row := private.create_customer(p_name, p_phone, p_email, p_sms_consent, p_email_consent,
                                   v_location_id, v_channel, p_sms_consent_wording);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_row.id, 'name', v_row.name),
    'welcomeReward', (select jsonb_build_object('name', r.name, 'description', r.description)
                        from public.rewards r
                       where r.kind = 'welcome' and r.location_id = v_location_id));
end;
$$;

revoke execute on function
  private.create_customer(text, text, text, boolean, boolean, text, text, text),
  app.create_customer(text, text, text, boolean, boolean, text, text)
from public;
grant execute on function app.create_customer(text, text, text, boolean, boolean, text, text) to anon, authenticated;
