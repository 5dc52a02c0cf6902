-- /draws is a page of the site: no business may take it as its slug.
create or replace function private.reserved_slugs()
returns text[]
language sql immutable
set search_path = ''
as $$
  select array['admin', 'staff', 'account', 'mobile', 'business', 'businesses', 'join', 'privacy',
               'kiosk', 'kiosk-home', 'login', 'checkin', 'contact', 'how-it-works', 'api', 'auth',
               'rest', 'functions', 'storage', 'realtime', 'logos', 'assets', 'favicon', 'robots',
               'index', 'owner', 'audit', 'settings', 'report', 'programme', 'new', 'help', 'about',
               'terms', 'home', 'wallet', 'qr', 'otp', 'verify', 'logout', 'signup', 'welcome', 'goodbye', 'draws']
$$;
