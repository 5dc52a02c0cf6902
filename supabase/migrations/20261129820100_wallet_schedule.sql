-- The wallet pushes' schedule (pg_cron + pg_net, secrets in Vault), where the extensions exist;
-- see supabase/schemas/86_wallet.sql.

-- The wallet pushes' schedule: every minute pg_cron calls the api function's drain
-- (POST …/functions/v1/api/hooks/wallet/drain) through pg_net, with the same drain secret and
-- functions' address the texts' job reads from Supabase Vault (texts_drain_secret,
-- texts_functions_url, stored by `npm run deploy`); without them the job calls nothing. Created
-- where the extensions exist (hosted Supabase); skipped with a notice where they do not.
do $schedule$
declare
  v_missing text;
begin
  v_missing := case
    when not exists (select 1 from pg_available_extensions where name = 'pg_cron') then 'pg_cron'
    when not exists (select 1 from pg_extension where extname = 'pg_cron')
         and coalesce(current_setting('shared_preload_libraries', true), '') not like '%pg_cron%'
      then 'pg_cron in shared_preload_libraries'
    when to_regproc('net.http_post') is null
         and not exists (select 1 from pg_available_extensions where name = 'pg_net') then 'pg_net'
    when to_regclass('vault.decrypted_secrets') is null then 'Supabase Vault'
  end;
  if v_missing is not null then
    raise notice 'wallet schedule skipped: this database has no %', v_missing;
    return;
  end if;
  create extension if not exists pg_cron;
  if to_regproc('net.http_post') is null then
    create extension if not exists pg_net;
  end if;
  -- cron.schedule with a job's name replaces that job: a second run changes nothing.
  perform cron.schedule('drain-wallet', '* * * * *', $job$
    select net.http_post(
      url := url.decrypted_secret || '/api/hooks/wallet/drain',
      headers := jsonb_build_object('content-type', 'application/json', 'x-drain-secret', secret.decrypted_secret),
      body := '{}'::jsonb,
      timeout_milliseconds := 30000)
      from vault.decrypted_secrets url
      join vault.decrypted_secrets secret on secret.name = 'texts_drain_secret'
     where url.name = 'texts_functions_url'
  $job$);
end;
$schedule$;
