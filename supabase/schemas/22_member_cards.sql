-- Member cards: the QR a member shows at a counter, on a phone screen, in a wallet or printed on
-- a paper card. A member whose card never changed shows the spec's plain value 'customer:{id}'.
-- When a printed card is lost, an admin issues a new one (app.admin_replace_member_card): the
-- member gets a row here with a random code, their card's value becomes 'customer:{id}:{code}',
-- and every earlier value — the plain one and any earlier code — is refused at every scan
-- (private.member_card_customer, called by app.approve_visit and app.scan_card) with a plain
-- message. The code is random, not a counter: whoever holds the lost card cannot work out the
-- new one. Each replacement is audited ('member.card_replace'; versions, never the code).

create table private.member_cards (
  customer_id uuid primary key references public.customers (id) on delete cascade,
  -- Card 1 is the plain value; the first replacement is card 2.
  version integer not null check (version >= 2),
  -- 48 random bits, lower-case hex.
  code text not null unique check (code ~ '^[0-9a-f]{12}$'),
  issued_at timestamptz not null default now(),
  issued_by uuid
);
alter table private.member_cards enable row level security;
revoke all on private.member_cards from anon, authenticated, service_role;

-- The value a member's card carries now.
create function private.member_card_value(p_customer_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select 'customer:' || p_customer_id::text
         || coalesce(':' || (select m.code from private.member_cards m where m.customer_id = p_customer_id), '')
$$;
revoke execute on function private.member_card_value(uuid) from public;

-- The scan resolver: the member a scanned card value names, when it is their current card.
-- LY400 not a card value; LY410 a card that was replaced (the plain value of a member whose card
-- was replaced, or an earlier code). A code on a member whose card was never replaced was never
-- issued: LY400 as well.
create function private.member_card_customer(p_token text)
returns uuid
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_match text[] := regexp_match(coalesce(p_token, ''),
    '^customer:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(?::([0-9a-fA-F]{12}))?$');
  v_customer_id uuid;
  v_code text;
  v_current text;
begin
  if v_match is null then
    perform private.fail('400', 'Not a member card');
  end if;
  v_customer_id := v_match[1]::uuid;
  v_code := lower(v_match[2]);
  select m.code into v_current from private.member_cards m where m.customer_id = v_customer_id;
  if v_current is null and v_code is not null then
    perform private.fail('400', 'Not a member card');
  end if;
  if v_current is distinct from v_code then
    perform private.fail('410', 'This card was replaced and no longer works. Ask the member for their new card.');
  end if;
  return v_customer_id;
end;
$$;
revoke execute on function private.member_card_customer(text) from public;

-- What a printed card shows: {"customerId", "name", "qr", "version"}.
create function private.member_card_json(p_customer_id uuid)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'customerId', c.id, 'name', c.name, 'qr', private.member_card_value(c.id),
           'version', coalesce((select m.version from private.member_cards m where m.customer_id = c.id), 1),
           'issuedAt', (select m.issued_at from private.member_cards m where m.customer_id = c.id))
    from public.customers c
   where c.id = p_customer_id
$$;
revoke execute on function private.member_card_json(uuid) from public;

-- GET /api/me/card: the signed-in member's card (to print, or to show as their QR).
create function app.my_member_card()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid := private.current_customer_id();
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if v_customer_id is null then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return private.member_card_json(v_customer_id);
end;
$$;
revoke execute on function app.my_member_card() from public;
grant execute on function app.my_member_card() to authenticated;

-- GET /api/admin/customers/:id/card: an admin prints a member's card.
create function app.admin_member_card(p_customer_id uuid)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_card jsonb;
begin
  perform private.require_admin('Only admins can print a member''s card');
  v_card := private.member_card_json(p_customer_id);
  if v_card is null then
    perform private.fail('404', 'Customer not found');
  end if;
  return v_card;
end;
$$;
revoke execute on function app.admin_member_card(uuid) from public;
grant execute on function app.admin_member_card(uuid) to authenticated;

-- POST /api/admin/customers/:id/card: an admin replaces a lost card. The member's card gets a new
-- random code and the next version; every earlier value stops working at once. Audited with the
-- reason. LY404 unknown member; LY409 a forgotten member (no one to give a card to).
create function app.admin_replace_member_card(p_customer_id uuid, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_before integer;
  v_after integer;
begin
  perform private.require_admin('Only admins can replace a member''s card');
  if length(p_reason) > 500 then
    perform private.fail('400', 'Keep the reason under 500 characters');
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_customer.forgotten_at is not null then
    perform private.fail('409', 'This member was forgotten: there is no one to give a card to');
  end if;
  select m.version into v_before from private.member_cards m where m.customer_id = p_customer_id;
  insert into private.member_cards (customer_id, version, code, issued_by)
  values (p_customer_id, 2, left(replace(gen_random_uuid()::text, '-', ''), 12), auth.uid())
  on conflict (customer_id) do update
    set version = private.member_cards.version + 1, code = excluded.code,
        issued_at = now(), issued_by = excluded.issued_by
  returning version into v_after;
  perform private.audit('member.card_replace', 'customer', p_customer_id::text,
                        jsonb_build_object('cardVersion', coalesce(v_before, 1)),
                        jsonb_build_object('cardVersion', v_after),
                        coalesce(nullif(btrim(p_reason), ''), 'Card lost'));
  return private.member_card_json(p_customer_id);
end;
$$;
revoke execute on function app.admin_replace_member_card(uuid, text) from public;
grant execute on function app.admin_replace_member_card(uuid, text) to authenticated;
