-- Kiosk enrolment codes are compared ignoring case, spaces and dashes (issue 20 §4): staff read
-- "ABCD-EFGH-JKMN" off the admin screen and type "abcd efgh jkmn" on a tablet. The one rule is
-- private.enrolment_code_key; a code is hashed by its key. Codes set before this migration were
-- hashed as typed, so enrolment also accepts a code that matches the stored hash exactly.

create function private.enrolment_code_key(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(regexp_replace(coalesce(p_code, ''), '[[:space:]-]+', '', 'g'))
$$;

create or replace function app.set_enrolment_code(p_location_id text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
begin
  perform private.require_admin('Only an admin can set enrolment codes');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  if length(coalesce(p_code, '')) not between 8 and 128
     or length(private.enrolment_code_key(p_code)) < 8 then
    perform private.fail('400', 'An enrolment code has 8 to 128 characters');
  end if;
  insert into private.location_enrolment_codes (location_id, salt, code_hash, set_by)
  values (p_location_id, v_salt,
          sha256(v_salt || convert_to(private.enrolment_code_key(p_code), 'UTF8')), auth.uid())
  on conflict (location_id) do update
    set salt = excluded.salt, code_hash = excluded.code_hash, set_by = excluded.set_by, set_at = now();
  -- A new code revokes every kiosk enrolled with the old one.
  update public.kiosk_sessions k set enrolled_at = null where k.location_id = p_location_id;
  return jsonb_build_object('locationId', p_location_id, 'enrolmentCodeSet', true);
end;
$$;

create or replace function app.enrol_kiosk(p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_session public.kiosk_sessions;
  v_code private.location_enrolment_codes;
begin
  select * into v_session from public.kiosk_sessions k where k.user_id = auth.uid() for update;
  if not found then
    perform private.fail('404', 'Open a kiosk session first');
  end if;
  select * into v_code from private.location_enrolment_codes e where e.location_id = v_session.location_id;
  if not found or (
    sha256(v_code.salt || convert_to(private.enrolment_code_key(p_code), 'UTF8')) <> v_code.code_hash
    and sha256(v_code.salt || convert_to(coalesce(p_code, ''), 'UTF8')) <> v_code.code_hash
  ) then
    perform private.fail('403', 'That enrolment code is not valid for this location');
  end if;
  update public.kiosk_sessions k set enrolled_at = now() where k.id = v_session.id;
  return jsonb_build_object('session', jsonb_build_object(
    'id', v_session.id, 'locationId', v_session.location_id, 'enrolled', true));
end;
$$;

revoke execute on function private.enrolment_code_key(text) from public;
