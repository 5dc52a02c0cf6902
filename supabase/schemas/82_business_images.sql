-- Business images: the operator uploads a business's logo from /admin to a public
-- Supabase Storage bucket, and the business's logo_url points at it (78_catalogue.sql checks the
-- address). Public: the landing and the businesses page show it to anyone. Only admins write to
-- it: Storage asks these policies on storage.objects with the caller's token, so a member's or a
-- staff phone's upload is refused at the database, not only by the screen. Storage checks a
-- token's signature, never its session: the policies also ask that the caller's session is live,
-- so a removed admin's token (valid for up to an hour) writes nothing.

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
  with check (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

create policy "admins replace business images" on storage.objects
  for update to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()))
  with check (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

create policy "admins remove business images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

-- Upsert and remove read the row first: admins see the bucket's objects (anyone reads the files
-- through the public URL, which does not ask RLS).
create policy "admins list business images" on storage.objects
  for select to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));
