-- One rule for human text: nothing hidden inside a name, a reason, a campaign message, the
-- catalogue's wording or the public content (control, bidi and zero-width characters refused
-- with a 400 naming the field and the character).

-- Characters no stored text may hold inside it: they print nothing or move what is around them,
-- so a text could read otherwise than it is (a campaign's "Reply STOP to opt out." shown reversed
-- by U+202E, a fake line after a carriage return, a name hiding a terminal escape). C0 and C1
-- controls (a line feed only where p_lines), bidi embeddings, overrides and isolates, zero-width
-- space, word joiner and invisible operators, BOM, soft hyphen, CGJ, Hangul fillers, Mongolian
-- vowel separator, line and paragraph separators, tag characters. Kept: zero-width (non-)joiners
-- and variation selectors (emoji sequences and several scripts need them) and the direction
-- marks LRM, RLM, ALM (they place neighbouring punctuation, never reverse a word). LY400 naming
-- p_label and the character. The zod twin is hiddenCharacter in contract/common.ts;
-- tests/support/name-cases.ts drives both.
create function private.refuse_hidden_characters(p_text text, p_label text, p_lines boolean default false)
returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  c_hidden constant text :=
    '\u0001-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E'
    '\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F';
  v_found text := substring(p_text from '[' || c_hidden || case when p_lines then '' else '\u000A' end || ']');
  v_code integer;
begin
  if v_found is not null then
    v_code := ascii(v_found);
    perform private.fail('400', p_label || ' has '
      || case when v_code < 32 or v_code between 127 and 159 then 'a control character'
              else 'an invisible or text-direction character' end
      || ' (U+' || upper(lpad(to_hex(v_code), greatest(4, length(to_hex(v_code))), '0')) || '); remove it');
  end if;
end;
$$;
revoke execute on function private.refuse_hidden_characters(text, text, boolean) from public;
grant execute on function private.refuse_hidden_characters(text, text, boolean) to anon, authenticated, service_role;

-- Visible text as stored (names, issue 11 §1.5; reasons of voids and adjustments, issue 24 §2):
-- NFC-normalised, trimmed at both ends of whitespace and invisible characters (controls,
-- zero-width spaces and joiners, soft hyphen, bidi marks, BOM, Hangul fillers, variation
-- selectors, tags...); inside the text, the characters private.refuse_hidden_characters names are
-- refused (joiners stay: emoji sequences and some scripts need them). Nothing left, something
-- hidden inside, or more than p_max characters: LY400 naming p_label. The zod twin is visibleText
-- (cleanName, INVISIBLE_CHARACTERS) in contract/common.ts; tests/support/name-cases.ts drives both.
create or replace function private.clean_text(p_text text, p_label text, p_max integer)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_text, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', p_label || ' needs at least one visible character');
  end if;
  if char_length(v) > p_max then
    perform private.fail('400', p_label || ' is at most ' || p_max || ' characters');
  end if;
  perform private.refuse_hidden_characters(v, p_label);
  return v;
end;
$$;
revoke execute on function private.clean_text(text, text, integer) from public;
grant execute on function private.clean_text(text, text, integer) to anon, authenticated, service_role;

-- Validates a business's editable fields; raises LY400 with the first problem in plain words
-- (nothing hidden inside a text: private.refuse_hidden_characters).
create or replace function private.check_location_fields(
  p_business_name text, p_kind text, p_description text, p_address text, p_logo_url text,
  p_icon text, p_color text, p_hours text
)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(coalesce(p_business_name, ''))) not between 1 and 100 then
    perform private.fail('400', 'Enter the business''s name (up to 100 characters)');
  end if;
  if length(btrim(coalesce(p_kind, ''))) not between 1 and 50 then
    perform private.fail('400', 'Enter the kind of business (up to 50 characters)');
  end if;
  if length(coalesce(p_description, '')) > 1000 then
    perform private.fail('400', 'The description is too long (up to 1000 characters)');
  end if;
  if length(coalesce(p_address, '')) > 200 then
    perform private.fail('400', 'The address is too long (up to 200 characters)');
  end if;
  if length(coalesce(p_hours, '')) > 300 then
    perform private.fail('400', 'The opening hours are too long (up to 300 characters)');
  end if;
  -- https://…, a path on this site, or the local stack's Storage (plain http on a developer's
  -- machine only: what `npm run dev` uploads to). The contract's IMAGE_URL_PATTERN says the same.
  if length(coalesce(p_logo_url, '')) > 500
     or (coalesce(p_logo_url, '') <> ''
         and p_logo_url !~ '^(https://[^\s]+|/[A-Za-z0-9._/-]+|http://(127\.0\.0\.1|localhost)(:[0-9]+)?/storage/v1/object/public/[^\s]+)$') then
    perform private.fail('400', 'The image address must start with https:// (or be left empty to use the icon)');
  end if;
  if p_icon is null or p_icon not in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store') then
    perform private.fail('400', 'Choose an icon from the list');
  end if;
  if p_color is null or p_color not in ('amber', 'pink', 'red', 'indigo', 'orange', 'purple', 'green', 'blue', 'yellow', 'slate') then
    perform private.fail('400', 'Choose a colour from the list');
  end if;
  perform private.refuse_hidden_characters(p_business_name, 'The name');
  perform private.refuse_hidden_characters(p_kind, 'The kind of business');
  perform private.refuse_hidden_characters(p_description, 'The description', true);
  perform private.refuse_hidden_characters(p_address, 'The address');
  perform private.refuse_hidden_characters(p_hours, 'The opening hours', true);
end;
$$;
revoke execute on function private.check_location_fields(text, text, text, text, text, text, text, text) from public;

-- Validates a reward's wording.
create or replace function private.check_reward_wording(p_name text, p_description text)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(coalesce(p_name, ''))) not between 1 and 100 then
    perform private.fail('400', 'Enter the reward''s name (up to 100 characters)');
  end if;
  if length(coalesce(p_description, '')) > 500 then
    perform private.fail('400', 'The reward''s description is too long (up to 500 characters)');
  end if;
  perform private.refuse_hidden_characters(p_name, 'The reward''s name');
  perform private.refuse_hidden_characters(p_description, 'The description', true);
end;
$$;
revoke execute on function private.check_reward_wording(text, text) from public;

-- What is wrong with a part of the public content, in words, or null (app.admin_update_content);
-- a hidden character inside a text is refused at once (LY400).
create or replace function private.content_problem(p_key text, p_value jsonb)
returns text
language plpgsql stable
set search_path = ''
as $$
declare
  v_item jsonb;
  v_text text;
begin
  -- Every text of every part: nothing hidden inside (private.refuse_hidden_characters; the
  -- contract says which texts have lines, here any may).
  for v_text in select t #>> '{}' from jsonb_path_query(p_value, 'strict $.**') t where jsonb_typeof(t) = 'string' loop
    perform private.refuse_hidden_characters(v_text, 'The content', true);
  end loop;
  if p_key = 'featured' then
    if jsonb_typeof(p_value) <> 'object' or jsonb_typeof(p_value -> 'businesses') <> 'array'
       or jsonb_typeof(p_value -> 'tiers') <> 'array' then
      return 'Featured rewards are a list of businesses and a list of tiers';
    end if;
    if jsonb_array_length(p_value -> 'businesses') + jsonb_array_length(p_value -> 'tiers') > 6 then
      return 'Feature at most 6 rewards';
    end if;
    for v_text in select jsonb_array_elements_text(p_value -> 'businesses') loop
      if not exists (select 1 from public.locations l where l.id = v_text) then
        return format('Unknown business: %s', v_text);
      end if;
    end loop;
    for v_text in select jsonb_array_elements_text(p_value -> 'tiers') loop
      if v_text not in ('Silver', 'Gold') then
        return format('Only the Silver and Gold rewards can be featured, not %s', v_text);
      end if;
    end loop;
  elsif p_key = 'testimonials' then
    if jsonb_typeof(p_value) <> 'array' or jsonb_array_length(p_value) > 6 then
      return 'Testimonials are a list of at most 6';
    end if;
    for v_item in select jsonb_array_elements(p_value) loop
      if length(btrim(coalesce(v_item ->> 'quote', ''))) not between 1 and 300 then
        return 'Each testimonial has a quote of 1 to 300 characters';
      end if;
      if length(btrim(coalesce(v_item ->> 'who', ''))) not between 1 and 80 then
        return 'Each testimonial says who said it, in 1 to 80 characters';
      end if;
    end loop;
  elsif p_key = 'contact' then
    if jsonb_typeof(p_value) <> 'object' then
      return 'Contact details are an email, a phone, hours and a response time';
    end if;
    if coalesce(p_value ->> 'email', '') !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(p_value ->> 'email') > 120 then
      return 'Give a valid email address';
    end if;
    if length(btrim(coalesce(p_value ->> 'phone', ''))) not between 1 and 40 then
      return 'Give a phone number of 1 to 40 characters';
    end if;
    if length(btrim(coalesce(p_value ->> 'hours', ''))) not between 1 and 80 then
      return 'Give the hours in 1 to 80 characters';
    end if;
    if length(btrim(coalesce(p_value ->> 'responseTime', ''))) not between 1 and 60 then
      return 'Give the response time in 1 to 60 characters';
    end if;
  elsif p_key = 'privacy' then
    if jsonb_typeof(p_value) <> 'object' or jsonb_typeof(p_value -> 'stored') <> 'array'
       or jsonb_typeof(p_value -> 'terms') <> 'array' then
      return 'The privacy page has an introduction, what is kept, who sees it, how long, and terms';
    end if;
    foreach v_text in array array['intro', 'sharing', 'retention'] loop
      if length(btrim(coalesce(p_value ->> v_text, ''))) not between 1 and 2000 then
        return format('The privacy page''s %s has 1 to 2000 characters', v_text);
      end if;
    end loop;
    if jsonb_array_length(p_value -> 'stored') not between 1 and 20 then
      return 'List 1 to 20 things the programme keeps';
    end if;
    for v_item in select jsonb_array_elements(p_value -> 'stored') loop
      if length(btrim(coalesce(v_item ->> 'what', ''))) not between 1 and 200
         or length(btrim(coalesce(v_item ->> 'why', ''))) not between 1 and 500 then
        return 'Each thing kept says what (1 to 200 characters) and why (1 to 500)';
      end if;
    end loop;
    if jsonb_array_length(p_value -> 'terms') > 20 then
      return 'List at most 20 terms';
    end if;
    for v_text in select jsonb_array_elements_text(p_value -> 'terms') loop
      if length(btrim(v_text)) not between 1 and 500 then
        return 'Each term has 1 to 500 characters';
      end if;
    end loop;
  else
    return format('Unknown content: %s', p_key);
  end if;
  return null;
end;
$$;
revoke execute on function private.content_problem(text, jsonb) from public;
