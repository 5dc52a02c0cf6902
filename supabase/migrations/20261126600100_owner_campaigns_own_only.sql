-- Issue 22 §3: an owner lists and cancels only their business's owner campaigns (not an admin's aimed at it).
create or replace function app.cancel_campaign(p_campaign_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.text_campaigns;
  v_before jsonb;
begin
  perform private.campaign_scope(null);
  select * into v_row from private.text_campaigns t where t.id = p_campaign_id for update;
  -- An owner cancels only their business's owner campaigns, never an admin's (even one aimed at it).
  if v_row.id is null or not (private.is_admin()
                              or (v_row.created_by_role = 'owner' and v_row.location_id = private.owner_location_id())) then
    perform private.fail('404', 'Campaign not found');
  end if;
  if v_row.status <> 'scheduled' then
    perform private.fail('409', 'This campaign has already ' || case when v_row.status = 'started' then 'started' else 'been cancelled' end);
  end if;
  v_before := private.campaign_json(v_row);
  update private.text_campaigns t set status = 'cancelled', cancelled_at = now()
   where t.id = p_campaign_id returning * into v_row;
  perform private.audit('campaign.cancel', 'campaign', v_row.id::text, v_before, private.campaign_json(v_row),
                        null, v_row.location_id, case when private.is_admin() then null else 'owner' end);
  return jsonb_build_object('campaign', private.campaign_json(v_row));
end;
$$;
revoke execute on function app.cancel_campaign(uuid) from public;
grant execute on function app.cancel_campaign(uuid) to authenticated;

-- The caller's campaigns (an admin: all; an owner: their business's), newest first, with figures.
create or replace function app.campaigns(p_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_owner text;
begin
  perform private.campaign_scope(null);
  v_owner := case when private.is_admin() then null else private.owner_location_id() end;
  return jsonb_build_object('campaigns', coalesce((
    select jsonb_agg(private.campaign_json(t) order by t.created_at desc)
      from (select * from private.text_campaigns t
             where v_owner is null or (t.location_id = v_owner and t.created_by_role = 'owner')
             order by t.created_at desc
             limit greatest(least(coalesce(p_limit, 50), 200), 1)) t), '[]'::jsonb));
end;
$$;
revoke execute on function app.campaigns(integer) from public;
grant execute on function app.campaigns(integer) to authenticated;
