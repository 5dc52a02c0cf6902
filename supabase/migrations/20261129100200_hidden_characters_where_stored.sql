-- Issue 30 §6: hidden characters refused where the tiers' wording, rewards' names and
-- descriptions, consents' wording and the audit log's reasons are stored (20_customers.sql).

-- The same rule where text is stored, whatever function writes it (issue 30 §6): the tiers'
-- wording, rewards' names and descriptions, a consent's wording and the reason kept in the
-- audit log are refused with the LY400 above if something is hidden inside. The functions that
-- take such text check it first with their own words; these triggers hold for every other
-- writer (app.admin_update_tiers, the reasons of archiving a business and of retiring or
-- replacing a reward, the wording a sign-up sends), and for the next one.
create function private.refuse_hidden_in_tier()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.goal_label, new.name || ': the goal label');
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_tier() from public;

create trigger tiers_refuse_hidden_characters
  before insert or update of goal_label on public.tiers
  for each row execute function private.refuse_hidden_in_tier();

create function private.refuse_hidden_in_reward()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.name, 'The reward''s name');
  perform private.refuse_hidden_characters(new.description, 'The description', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_reward() from public;

create trigger rewards_refuse_hidden_characters
  before insert or update of name, description on public.rewards
  for each row execute function private.refuse_hidden_in_reward();

create function private.refuse_hidden_in_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.wording, 'The consent wording', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_consent() from public;

create trigger consents_refuse_hidden_characters
  before insert or update of wording on public.consents
  for each row when (new.wording is not null)
  execute function private.refuse_hidden_in_consent();

create function private.refuse_hidden_in_audit_reason()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.reason, 'The reason', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_audit_reason() from public;

create trigger audit_log_refuse_hidden_characters
  before insert on private.audit_log
  for each row when (new.reason is not null)
  execute function private.refuse_hidden_in_audit_reason();
