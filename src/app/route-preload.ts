// Which screen group (router.tsx's lazy barrels) each path loads, as plain data: the build's
// route-preload plugin (scripts/route-preload.ts) writes it into index.html as a small inline
// script that starts fetching the group's chunks next to the entry instead of after it.
// router.test.tsx checks every route against it. Patterns are anchored regular expressions.
// (A relative import: vite.config.ts loads this file without the `@` alias.)

export const ROUTE_PRELOAD: [pattern: string, barrel: string][] = [
  ['^/$', 'src/app/routes/public/index.ts'],
  ['^/how-it-works$', 'src/app/routes/public/guide.ts'],
  ['^/(businesses|join|contact|privacy|draws|business/[^/]+/join)$', 'src/app/routes/public/join-screens.ts'],
  ['^/kiosk/', 'src/app/routes/kiosk/index.ts'],
  ['^/(account(/history)?|goodbye)$', 'src/app/routes/account.ts'],
  ['^/(account|admin)/card$', 'src/app/routes/cards/index.ts'],
  ['^/(login|login/verify|checkin|mobile|mobile/.+|account/qr)$', 'src/app/routes/member.ts'],
  ['^/admin(/report|/funder-report)?$', 'src/app/routes/admin/index.ts'],
  ['^/staff$', 'src/app/routes/staff/index.ts'],
  ['^/owner$', 'src/app/routes/owner/index.ts'],
  // /kiosk, /kiosk-home and every business's landing (one path segment; the rows above take the
  // site's own pages first).
  ['^/(kiosk|kiosk-home|[a-z][a-z0-9-]*[a-z0-9])$', 'src/app/routes/kiosk/landing.ts'],
];

/**
 * The screen groups that render without TanStack Query (router.tsx's `screen(..., { queries:
 * false })`); every other group loads the app's query client (query-provider.tsx) beside it.
 */
export const BARRELS_WITHOUT_QUERIES = ['src/app/routes/public/index.ts', 'src/app/routes/public/guide.ts'];

/** Where the app's query client and its provider come from (router.tsx imports it with a screen). */
export const QUERY_PROVIDER = 'src/app/query-provider.tsx';

/** The barrel a path's screen comes from, or null (the 404 page is in the entry). */
export function preloadBarrel(path: string): string | null {
  for (const [pattern, barrel] of ROUTE_PRELOAD) if (new RegExp(pattern).test(path)) return barrel;
  return null;
}
