// A build-only Vite plugin: index.html gets an inline script that, before the entry runs, adds
// <link rel="modulepreload"> for the chunks of the screen group the page's path loads
// (src/app/route-preload.ts) and the query client's when the group uses it, and for the Auth
// client when a session is stored in this browser, so they download next to the entry instead
// of after it runs.
import type { Plugin } from 'vite';
import { AUTH_STORAGE_KEY } from '../src/lib/auth-storage.ts';
import { BARRELS_WITHOUT_QUERIES, QUERY_PROVIDER, ROUTE_PRELOAD } from '../src/app/route-preload.ts';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

export function routePreload(): Plugin {
  return {
    name: 'village-rewards:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (item): item is typeof item & OutputChunk => item.type === 'chunk',
        );
        const entry = chunks.find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
        const inEntry = new Set<string>();
        const closure = (fileName: string, seen: Set<string>) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName] as OutputChunk | undefined;
          for (const imported of chunk?.imports ?? []) closure(imported, seen);
        };
        if (entry) closure(entry.fileName, inEntry);
        /** The chunks `match` names and their static imports, less the entry's. */
        const filesOf = (what: string, match: (id: string) => boolean) => {
          const chunk = chunks.find((item) => item.facadeModuleId && match(item.facadeModuleId));
          if (!chunk) throw new Error(`route-preload: no chunk for ${what}`);
          const files = new Set<string>();
          closure(chunk.fileName, files);
          return [...files].filter((file) => !inEntry.has(file));
        };
        const queryFiles = filesOf(QUERY_PROVIDER, (id) => id.endsWith(`/${QUERY_PROVIDER}`));
        const authFiles = filesOf('the Auth client', (id) => id.includes('/@supabase/auth-js/'));
        const table = ROUTE_PRELOAD.map(([pattern, barrel]) => {
          const files = filesOf(barrel, (id) => id.endsWith(`/${barrel}`));
          const all = BARRELS_WITHOUT_QUERIES.includes(barrel) ? files : [...new Set([...files, ...queryFiles])];
          return [pattern, all];
        });
        const script =
          `(function(){var t=${JSON.stringify(table)},a=${JSON.stringify(authFiles)},p=location.pathname;` +
          "function f(n){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+n;document.head.appendChild(l)}" +
          'for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){t[i][1].forEach(f);break}' +
          `try{if(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)})!=null)a.forEach(f)}catch(e){}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
