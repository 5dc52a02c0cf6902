// A business's slug is its id and its landing's path (/creamery): the words the site and the
// stack use as a first path segment are not available (the same list as SQL's
// private.reserved_slugs(), which a test holds equal). No imports: the kiosk's light first
// chunk reads it too (src/features/locations/lib/slug.ts).
export const RESERVED_SLUGS = [
  'admin', 'staff', 'account', 'mobile', 'business', 'businesses', 'join', 'privacy', 'kiosk', 'kiosk-home',
  'login', 'checkin', 'contact', 'how-it-works', 'api', 'auth', 'rest', 'functions', 'storage', 'realtime',
  'logos', 'assets', 'favicon', 'robots', 'index', 'owner', 'audit', 'settings', 'report', 'programme', 'new',
  'help', 'about', 'terms', 'home', 'wallet', 'qr', 'otp', 'verify', 'logout', 'signup', 'welcome',
] as const;

/** The shape of a business slug: lower-case letters, digits and single dashes, from a letter. */
export const SLUG_PATTERN = /^[a-z](?:[a-z0-9]|-(?!-))*[a-z0-9]$/;

/** Whether a first path segment can name a business (shape, length, not a word the site uses). */
export function isBusinessSlug(value: string): boolean {
  return value.length <= 41 && SLUG_PATTERN.test(value) && !(RESERVED_SLUGS as readonly string[]).includes(value);
}
