// A business's slug is its id and its landing's path (/creamery): a first path segment of a page
// (pages.ts, the paths the router is built from), of the stack, or a word kept for pages to come
// is not available. SQL's private.reserved_slugs() holds the same list (a test keeps them equal).
// Imports only pages.ts: the kiosk's light first chunk reads it too (src/features/locations/lib/slug.ts).
import { PAGES, staticFirstSegment } from './pages.ts';

/** First path segments the stack and the built site answer: never a page of the app. */
const STACK_SEGMENTS = [
  'api', 'auth', 'rest', 'functions', 'storage', 'realtime', 'logos', 'assets', 'favicon', 'robots', 'index',
];

/** Words kept for pages the site may add. */
const KEPT_WORDS = [
  'audit', 'settings', 'report', 'programme', 'new', 'help', 'about', 'terms', 'home', 'wallet', 'qr', 'otp',
  'verify', 'logout', 'signup', 'welcome',
];

export const RESERVED_SLUGS: readonly string[] = [
  ...new Set([...Object.values(PAGES).map(staticFirstSegment).filter(Boolean), ...STACK_SEGMENTS, ...KEPT_WORDS]),
];

/** The shape of a business slug: lower-case letters, digits and single dashes, from a letter. */
export const SLUG_PATTERN = /^[a-z](?:[a-z0-9]|-(?!-))*[a-z0-9]$/;

/** Whether a first path segment can name a business (shape, length, not a word the site uses). */
export function isBusinessSlug(value: string): boolean {
  return value.length <= 41 && SLUG_PATTERN.test(value) && !RESERVED_SLUGS.includes(value);
}
