-- Demo mode's 'Simulate Scan' (DESIGN §8, issue 13): on the mobile QR screen a member may have
-- their own pending check-in approved as a counter scan would approve it — through
-- app.approve_visit itself, so points, welcome and tier rewards, limits and the ledger follow the
-- real rules — and only while the api runs in demo mode (app.demo_mode = 'on', set per request
-- from DEMO_MODE). Outside demo mode it refuses, whoever asks.
--
-- The scan is made by "the demo counter": a staff identity at the token's location, with no
-- phone and no password, so nobody can sign in as it and staff's own-account rule does not trip
-- over the member. It is created the first time it is needed, in demo mode only.
create function app.demo_simulate_scan(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_counter constant uuid := '00000000-0000-4000-8000-0000000de307';
  v_token public.checkin_tokens;
  v_claims text := current_setting('request.jwt.claims', true);
  v_result jsonb;
begin
  if not private.demo_mode() then
    perform private.fail('403', 'Simulate Scan works only in demo mode');
  end if;
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in to simulate a scan');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  select * into v_token
    from public.checkin_tokens t
   where t.token_hash = sha256(convert_to(p_token, 'UTF8'));
  -- Only the caller's own mobile check-in; anything else is as unknown as a made-up code.
  if not found or v_token.channel <> 'mobile' or v_token.issued_by_user_id is distinct from auth.uid() then
    perform private.fail('404', 'Unknown check-in code');
  end if;

  insert into auth.users (id, aud, role, raw_app_meta_data, raw_user_meta_data)
  values (v_counter, 'authenticated', 'authenticated',
          jsonb_build_object('role', 'staff', 'provider', 'demo'), jsonb_build_object('name', 'Demo counter'))
  on conflict (id) do nothing;
  -- Act as the demo counter for the one call, then as the member again.
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', v_counter, 'role', 'authenticated', 'aud', 'authenticated', 'is_anonymous', false,
    'app_metadata', jsonb_build_object('role', 'staff', 'location_id', v_token.location_id))::text, true);
  v_result := app.approve_visit(p_token);
  perform set_config('request.jwt.claims', v_claims, true);
  -- The member sees their own approval, not a counter's redeem list.
  return v_result || jsonb_build_object('redeemableRewards', '[]'::jsonb);
end;
$$;

revoke execute on function app.demo_simulate_scan(text) from public;
grant execute on function app.demo_simulate_scan(text) to authenticated;
