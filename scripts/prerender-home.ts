// A build-only Vite plugin: after the bundle is written, the home page (src/app/prerender.tsx) is
// rendered on the server and written into index.html, so a first visit to `/` paints the hero from
// the HTML instead of after the entry and the home chunk have downloaded and run (Lighthouse's LCP
// on a throttled phone: the hero's paragraph). The markup goes in #prerendered beside an empty,
// hidden #root; a head script hides it on any other path (index.html is every path's page), and
// the app takes over when its first screen commits (src/lib/first-paint.ts). The prerendered
// buttons are disabled until then: without the app they would do nothing; its links are real links.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Alias, type Plugin } from 'vite';

/** The head script: every path but `/` hides the prerendered home before it can paint. */
export const HIDE_ELSEWHERE =
  "if(location.pathname!=='/')document.documentElement.classList.add('not-home')";

/** index.html with the home's markup written in (pure: tested without a build). */
export function withPrerenderedHome(html: string, markup: string): string {
  if (!html.includes('<div id="root"></div>'))
    throw new Error('prerender-home: no empty #root in index.html');
  // React hoists resource hints (an <img>'s preload) before the markup: the page needs none.
  const disabled = markup
    .replace(/^(<link [^>]*>)+/, '')
    .replace(/<button(?![^>]*\sdisabled)/g, '<button disabled=""');
  return html
    .replace('</title>', `</title>\n    <script>${HIDE_ELSEWHERE}</script>`)
    .replace(
      '<div id="root"></div>',
      `<div id="prerendered">${disabled}</div><div id="root" hidden></div>`,
    );
}

/** The home page's markup, rendered through Vite's SSR loader (TSX, the aliases) without the
 * app's config file: no dev server plugins, ports or dependency scan, only what the page needs. */
export async function renderHomeMarkup(
  root: string,
  alias: Alias[] | Record<string, string>,
): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderHome } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      renderHome: () => string;
    };
    const markup = renderHome();
    // The home page starts loading the businesses' logos as it renders (an import the page does
    // not wait for): let it finish before the loader closes.
    await server.ssrLoadModule('/src/components/ui/BusinessLogo.tsx');
    await new Promise((done) => setTimeout(done, 50));
    return markup;
  } finally {
    await server.close();
  }
}

export function prerenderHome(): Plugin {
  let root = '';
  let outDir = '';
  let alias: Alias[] = [];
  let ssrBuild = false;
  return {
    name: 'village-rewards:prerender-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      alias = config.resolve.alias;
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssrBuild) return;
      const file = join(outDir, 'index.html');
      const markup = await renderHomeMarkup(root, alias);
      writeFileSync(file, withPrerenderedHome(readFileSync(file, 'utf8'), markup));
    },
  };
}
