-- Customers' names and phones made canonical: one US phone format, one name rule for every
-- write of a name (sign-up, a member editing their details), and the email shape as a 400.

-- Normalises a US phone (10 digits, or 11 starting with 1, any punctuation) to E.164.
create function app.normalize_phone(p_phone text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_digits text := regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) = 11 and left(v_digits, 1) = '1' then
    v_digits := substr(v_digits, 2);
  end if;
  if v_digits !~ '^[2-9][0-9]{9}$' then
    perform private.fail('400', 'Phone must be a 10-digit US number');
  end if;
  return '+1' || v_digits;
end;
$$;

-- A person's name as stored (issue 11 §1.5): NFC-normalised, then trimmed at both ends of
-- whitespace and invisible characters (controls, zero-width spaces and joiners, soft hyphen,
-- bidi marks, BOM, Hangul fillers, variation selectors, tags...); inside the name they stay
-- (emoji sequences and some scripts need joiners). Nothing left, or more than 100 characters:
-- LY400. The zod PersonName (INVISIBLE_CHARACTERS in contract/common.ts) is its twin; both are
-- tested against tests/support/name-cases.ts.
create function private.clean_name(p_name text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_name, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', 'Name needs at least one visible character');
  end if;
  if char_length(v) > 100 then
    perform private.fail('400', 'Name is at most 100 characters');
  end if;
  return v;
end;
$$;

-- The email shape the tables' check constraints accept (so a bad one is a 400, not a 500).
create function private.is_email(p_email text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select length(p_email) <= 254 and p_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;

-- Every way a name is written (sign-up, a member editing their details) stores the clean form.
create function private.customers_clean_name()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := private.clean_name(new.name);
  return new;
end;
$$;

create trigger customers_clean_name
  before insert or update of name on public.customers
  for each row execute function private.customers_clean_name();

revoke execute on function
  app.normalize_phone(text), private.clean_name(text), private.is_email(text), private.customers_clean_name()
from public;
grant execute on function app.normalize_phone(text) to anon, authenticated, service_role;
grant execute on function private.clean_name(text) to anon, authenticated, service_role;
