// The route-preload map names, for every route of router.tsx, the barrel its screen comes from:
// a route's lazy() result is one of that barrel's exports (or renders one, for the landings).
import { isValidElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { preloadBarrel } from './route-preload.ts';
import { routes } from './router.tsx';

const barrels = import.meta.glob<Record<string, unknown>>([
  './routes/account.ts',
  './routes/member.ts',
  './routes/*/index.ts',
  './routes/public/join-screens.ts',
  './routes/public/guide.ts',
  './routes/kiosk/landing.ts',
]);

function leaves(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => (route.children ? leaves(route.children) : [route]));
}

const lazyRoutes = leaves(routes).filter((route) => route.path && route.lazy);

describe('route preload map', () => {
  it.each(
    lazyRoutes.map((route) => [route.path!.replace(':locationId', 'creamery').replace(':slug', 'creamery'), route] as const),
  )('%s preloads the barrel its screen comes from', async (path, route) => {
    const barrel = preloadBarrel(path);
    expect(barrel).not.toBeNull();
    const load = barrels[`./${barrel!.replace('src/app/', '')}`];
    expect(load, `${barrel} is not a known barrel`).toBeDefined();
    const exports = Object.values(await load!());
    const lazy = route.lazy as () => Promise<{ Component?: ComponentType; element?: unknown }>;
    const result = await lazy();
    const loaded =
      result.Component ?? (isValidElement(result.element) ? result.element.type : null);
    // A screen inside the app's query client is a wrapper naming the screen it renders.
    const screen = (loaded as { screen?: ComponentType } | null)?.screen ?? loaded;
    expect(exports).toContain(screen);
  });

  it('preloads nothing for an unknown path (the 404 page is in the entry)', () => {
    expect(preloadBarrel('/definitely/not-a-page')).toBeNull();
    // One segment may be a business's landing (any slug, from data): its chunk is preloaded.
    expect(preloadBarrel('/a-new-shop')).toBe('src/app/routes/kiosk/landing.ts');
    expect(preloadBarrel('/kiosk/signup')).toBe('src/app/routes/kiosk/index.ts');
  });
});
