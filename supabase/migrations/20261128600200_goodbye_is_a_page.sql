-- /goodbye is a page of the site: a business slug may not take it.
-- The first path segments of the site's own pages and of the stack, and words kept for pages to
-- come (RESERVED_SLUGS of contract/slugs.ts, derived from the paths the router is built from,
-- contract/pages.ts; a test keeps the two lists equal): a business slug may not take one, since
-- every business has its landing at /:slug.
create or replace function private.reserved_slugs()
returns text[]
language sql immutable
set search_path = ''
as $$
  select array['admin', 'staff', 'account', 'mobile', 'business', 'businesses', 'join', 'privacy',
               'kiosk', 'kiosk-home', 'login', 'checkin', 'contact', 'how-it-works', 'api', 'auth',
               'rest', 'functions', 'storage', 'realtime', 'logos', 'assets', 'favicon', 'robots',
               'index', 'owner', 'audit', 'settings', 'report', 'programme', 'new', 'help', 'about',
               'terms', 'home', 'wallet', 'qr', 'otp', 'verify', 'logout', 'signup', 'welcome', 'goodbye']
$$;
