-- The contact form's messages.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text check (length(subject) <= 200),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now(),
  -- An admin marks a message handled (and may reopen it); who, as the Auth user id
  -- (no foreign key: the record outlives the user).
  handled_at timestamptz,
  handled_by uuid
);
alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated;

-- Contact messages: only admins read them; they are written through app.submit_contact_message.
grant select on public.contact_messages to authenticated;
create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id);
create index contact_messages_open_idx on public.contact_messages (created_at) where handled_at is null;
create policy "Admins read contact messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));

-- The contact form, and the request counters behind the API's per-client rate limits.
-- Stores a contact-form message (PRODUCT §2 Contact). Rate limited by the API. Returns {"received": true}.
create function app.submit_contact_message(p_name text, p_email text, p_subject text, p_message text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_email(btrim(p_email)), false) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if length(btrim(coalesce(p_message, ''))) not between 1 and 5000 then
    perform private.fail('400', 'A message has 1 to 5000 characters');
  end if;
  if length(btrim(coalesce(p_subject, ''))) > 200 then
    perform private.fail('400', 'A subject has at most 200 characters');
  end if;
  insert into public.contact_messages (name, email, subject, message)
  values (private.clean_name(p_name), btrim(p_email), nullif(btrim(coalesce(p_subject, '')), ''), p_message);
  return jsonb_build_object('received', true);
end;
$$;
revoke execute on function app.submit_contact_message(text, text, text, text) from public;
grant execute on function app.submit_contact_message(text, text, text, text) to anon, authenticated;

-- An admin marks a message handled (p_handled) or open again; audited. Marking it as it already
-- is changes nothing and records nothing. Returns the message's {id, handledAt, handledBy}.
create function app.set_contact_message_handled(p_message_id uuid, p_handled boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.contact_messages;
begin
  perform private.require_admin('Only admins can handle messages');
  if p_handled is null then
    perform private.fail('400', 'Say whether the message is handled');
  end if;
  select * into m from public.contact_messages x where x.id = p_message_id for update;
  if not found then
    perform private.fail('404', 'Message not found');
  end if;
  if (m.handled_at is not null) <> p_handled then
    update public.contact_messages x
       set handled_at = case when p_handled then now() end,
           handled_by = case when p_handled then auth.uid() end
     where x.id = m.id
    returning * into m;
    perform private.audit(case when p_handled then 'message.handle' else 'message.reopen' end,
                          'contact_message', m.id::text,
                          jsonb_build_object('handled', not p_handled),
                          jsonb_build_object('handled', p_handled, 'handledAt', m.handled_at));
  end if;
  return jsonb_build_object('id', m.id, 'handledAt', m.handled_at, 'handledBy', m.handled_by);
end;
$$;
revoke execute on function app.set_contact_message_handled(uuid, boolean) from public;
grant execute on function app.set_contact_message_handled(uuid, boolean) to authenticated;

-- Counts one request against a fixed-window limit shared by every edge instance. Returns 0
-- when allowed, otherwise the seconds until the window resets (for Retry-After).
create function app.hit_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_window_start timestamptz :=
    to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  insert into private.rate_limit_hits as h (bucket, key, window_start, hits)
  values (p_bucket, p_key, v_window_start, 1)
  on conflict (bucket, key, window_start) do update set hits = h.hits + 1
  returning h.hits into v_hits;
  -- Old windows are useless; drop a few at a time so the table stays small.
  delete from private.rate_limit_hits h
   where h.ctid in (select o.ctid from private.rate_limit_hits o
                     where o.window_start < now() - interval '1 day' limit 100);
  if v_hits > p_limit then
    return greatest(1, ceil(extract(epoch from v_window_start + make_interval(secs => p_window_seconds) - now()))::integer);
  end if;
  return 0;
end;
$$;
revoke execute on function app.hit_rate_limit(text, text, integer, integer) from public;
grant execute on function app.hit_rate_limit(text, text, integer, integer) to service_role;
