-- Business images (issue 21 §2): a public Storage bucket for business logos, written by admins
-- only (supabase/schemas/82_business_images.sql). PNG, JPEG or WebP, at most 1 MB.
-- Fixed dates, so the schema files and the migrations make the same row (the drift test).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at)
values ('business-images', 'business-images', true, 1048576, array['image/png', 'image/jpeg', 'image/webp'],
        '2026-11-26 00:00:00+00', '2026-11-26 00:00:00+00')
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "admins upload business images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'business-images' and (select private.is_admin()));

create policy "admins replace business images" on storage.objects
  for update to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()))
  with check (bucket_id = 'business-images' and (select private.is_admin()));

create policy "admins remove business images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()));

create policy "admins list business images" on storage.objects
  for select to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()));

-- A business's image may also be the local stack's Storage address (plain http on a developer's
-- machine), where `npm run dev` uploads.
-- Validates a business's editable fields; raises LY400 with the first problem in plain words.
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
end;
$$;
